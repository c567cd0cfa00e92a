import { expect, expectNoA11yViolations, test } from "./fixtures";

test("an adviser sets up their hours by keyboard, then reads their day and writes notes after a meeting", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  await page.getByRole("link", { name: "set advisers' hours and the kinds of appointment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Appointment settings" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Sarah Whitfield" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Hours and kinds of Sarah Whitfield" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sarah Whitfield: adviser settings" })).toBeVisible();
  // Sunday's hours typed the wrong way round: the whole form is refused, and the summary says why.
  const sunday = page.getByRole("textbox", { name: "Sunday" });
  await sunday.focus();
  await page.keyboard.type("12:00-09:00");
  await page.getByRole("button", { name: "Save the settings" }).press("Enter");
  const problem = page.getByRole("alert");
  await expect(problem).toContainText("Sunday: 12:00-09:00 ends before it starts");
  await expect(problem).toBeFocused();
  await expectNoA11yViolations(page);

  // From the summary to the field, by keyboard, and the hours put right: Sunday mornings.
  await problem.getByRole("link", { name: "Sunday: 12:00-09:00 ends before it starts" }).press("Enter");
  await expect(sunday).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("09:00-12:00");
  await page.getByRole("button", { name: "Save the settings" }).press("Enter");
  await expect(page.getByText("Your settings are saved.")).toBeVisible();
  await expect(sunday).toHaveValue("09:00-12:00");

  await page.getByRole("link", { name: "Back to the appointment settings" }).click();
  await page.getByRole("link", { name: "Back to the appointments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Appointments" })).toBeVisible();
  const day = page.getByRole("region", { name: /^Sarah Whitfield: / });
  // The demo's made-up students booked the day the demo was made (today, in London).
  const first = day.getByRole("listitem").first();
  await expect(first.getByRole("heading", { level: 3 })).toHaveText(/^\d\d:\d\d to \d\d:\d\d: CV review with /);
  await expect(first.getByText("My CV for graduate schemes in banking")).toBeVisible();
  await expect(first.getByRole("link", { name: /^Profile of / })).toBeVisible();
  await expectNoA11yViolations(page);

  const notes = first.getByRole("textbox", { name: "Notes after the meeting" });
  await notes.focus();
  await page.keyboard.type("Reworked the skills section; sends a new draft on Friday.");
  await first.getByRole("button", { name: /^Save notes/ }).press("Enter");
  await expect(page.getByText("Notes saved. Only your careers service sees them.")).toBeVisible();
  await expect(day.getByRole("listitem").first().getByRole("textbox", { name: "Notes after the meeting" })).toHaveValue(
    "Reworked the skills section; sends a new draft on Friday.",
  );

  // Sunday's hours off again, as the demo had them, for the tests that book Sarah's times.
  await page.goto("/university-dashboard/appointments/settings");
  await page.getByRole("link", { name: "Hours and kinds of Sarah Whitfield" }).click();
  await page.getByRole("textbox", { name: "Sunday" }).fill("");
  await page.getByRole("button", { name: "Save the settings" }).click();
  await expect(page.getByText("Your settings are saved.")).toBeVisible();
});
