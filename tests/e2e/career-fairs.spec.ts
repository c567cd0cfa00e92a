import { expect, expectNoA11yViolations, test } from "./fixtures";

test("a student registers for Demo University's fair and gets a ticket; the admin checks it in at the door by keyboard and limits its places; the next student waits", async ({
  page,
  browser,
  loginAs,
}) => {
  await loginAs("basicStudent");
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Career fairs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Career fairs" })).toBeVisible();
  await page.getByRole("link", { name: "Demo University Spring Careers Fair" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Demo University Spring Careers Fair" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Exhibitors" })).toBeVisible();
  await expect(page.getByText("Northwind Analytics")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Working in the UK after your studies" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Register for this fair" }).press("Enter");
  await expect(page.getByText("You're registered. Your ticket is below: show it at the door.")).toBeVisible();
  const qr = page.getByRole("img", { name: /^QR code of your ticket, / });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg")).toBeVisible();
  const code = /([0-9A-Z]{4}-[0-9A-Z]{4})$/.exec((await qr.getAttribute("aria-label"))!)![1]!;
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // The admin, in a browser of their own, at the door: the code typed, Enter, the answer at once.
  const door = await (await browser.newContext()).newPage();
  await loginAs("admin", { page: door });
  await door.getByRole("navigation", { name: "University" }).getByRole("link", { name: "Career fairs" }).click();
  // The fair's own page for those who run it: three weeks ahead, it may still be called off (not done here).
  await door.getByRole("link", { name: "Demo University Spring Careers Fair", exact: true }).click();
  await expect(door.getByRole("heading", { level: 2, name: "Call the fair off" })).toBeVisible();
  await expect(
    door.getByLabel("Yes, call Demo University Spring Careers Fair off and tell its students"),
  ).toBeVisible();
  await expectNoA11yViolations(door);
  await door.getByRole("link", { name: "All career fairs" }).click();
  await door.getByRole("link", { name: "Check in at Demo University Spring Careers Fair" }).click();
  await expect(
    door.getByRole("heading", { level: 1, name: "Check-in: Demo University Spring Careers Fair" }),
  ).toBeVisible();
  await expect(door.getByText("0 of 1 tickets checked in")).toBeVisible();
  await expectNoA11yViolations(door);

  const field = door.getByLabel("Ticket code");
  await field.focus();
  await door.keyboard.type(code.toLowerCase());
  await door.keyboard.press("Enter");
  const answer = door.getByRole("status", { name: "Check-in result" });
  await expect(answer).toContainText("Welcome, Daniel Okafor");
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("");
  await expect(door.getByText("1 of 1 tickets checked in")).toBeVisible();
  await expectNoA11yViolations(door);

  await door.keyboard.type(code);
  await door.keyboard.press("Enter");
  await expect(answer).toContainText("Already checked in");
  await door.keyboard.type("ZZZZ-ZZZZ");
  await door.keyboard.press("Enter");
  await expect(answer).toContainText("Not registered");
  await expectNoA11yViolations(door);

  // The hall holds one: the admin gives the fair one place, taken, so the next student waits.
  await door.goBack();
  await door.getByRole("link", { name: "Demo University Spring Careers Fair", exact: true }).click();
  await door.getByLabel("Places (optional)").fill("1");
  await door.getByRole("button", { name: "Save the details" }).press("Enter");
  await expect(door.getByText("1 ticket taken of 1 place; 0 on the waiting list.")).toBeVisible();
  await door.context().close();

  const next = await (await browser.newContext()).newPage();
  await loginAs("student", { page: next, to: "/career-fairs" });
  await expect(next.getByText("Full: a waiting list is open.")).toBeVisible();
  await next.getByRole("link", { name: "Demo University Spring Careers Fair" }).click();
  await expect(next.getByText("All 1 taken: a waiting list is open")).toBeVisible();
  await next.getByRole("button", { name: "Join the waiting list" }).press("Enter");
  await expect(next.getByText(/^This fair is full: you are number 1 on its waiting list\./)).toBeVisible();
  await expect(next.getByRole("button", { name: "Leave the waiting list" })).toBeVisible();
  await expectNoA11yViolations(next);
  await next.context().close();

  await page.reload();
  await expect(page.getByText("You are checked in. Enjoy the fair.")).toBeVisible();
});
