import { expect, expectNoA11yViolations, test } from "./fixtures";

test("a student books a CV review with an adviser from their dashboard, by keyboard, moves it, then cancels it", async ({
  page,
  loginAs,
}) => {
  await loginAs("student", { to: "/student-dashboard" });
  await page
    .getByRole("region", { name: "Careers adviser" })
    .getByRole("link", { name: "Book an appointment" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Appointments with a careers adviser" })).toBeVisible();
  await page.getByRole("link", { name: "CV review (30 minutes)" }).click();
  const times = page.getByRole("group", { name: /^Times on / });
  await expect(times).toBeVisible();
  await expectNoA11yViolations(page);

  // The first time, chosen and booked by keyboard.
  const first = times.getByRole("radio").first();
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await page.getByLabel("What would you like help with? (optional)").fill("My CV for graduate schemes in finance");
  await page.getByRole("button", { name: "Book this appointment" }).press("Enter");

  await expect(page.getByText(/^Your appointment is booked for /)).toBeVisible();
  const mine = page.getByRole("region", { name: "Your appointments" });
  await expect(mine.getByText("CV review with Sarah Whitfield")).toBeVisible();
  await expect(mine.getByText("Your note: My CV for graduate schemes in finance")).toBeVisible();
  await expectNoA11yViolations(page);

  // Moved to another time of the same adviser, by keyboard.
  await mine.getByRole("link", { name: /^Move your CV review on / }).press("Enter");
  const moving = page.getByRole("region", { name: "Move your CV review with Sarah Whitfield" });
  await expect(moving).toBeVisible();
  await expectNoA11yViolations(page);
  const other = moving
    .getByRole("group", { name: /^Times on / })
    .getByRole("radio")
    .first();
  await other.focus();
  await page.keyboard.press("Space");
  await expect(other).toBeChecked();
  await moving.getByRole("button", { name: "Move the appointment" }).press("Enter");
  await expect(page.getByText(/^Your appointment has moved to /)).toBeVisible();
  await expect(mine.getByText("CV review with Sarah Whitfield")).toHaveCount(1);
  await expectNoA11yViolations(page);

  await mine.getByRole("button", { name: /^Cancel your CV review on / }).click();
  await expect(page.getByText("Appointment cancelled. Its time is free for someone else.")).toBeVisible();
  await expect(mine.getByText("You have no appointments booked.")).toBeVisible();
});
