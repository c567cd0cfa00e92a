import {
  ACCOUNTS,
  DEMO_PASSWORD,
  endingEverySessionOf,
  expect,
  expectNoA11yViolations,
  submitLoginForm,
  test,
} from "./fixtures";

test.describe("passwords", () => {
  test("a student who forgot their password gets a link by email and chooses a new one", async ({ page, mailbox }) => {
    const { email, name } = ACCOUNTS.basicStudent;
    await page.goto("/login");
    await page.getByLabel("Your university").selectOption({ label: "Demo University" });
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password\/demo-university$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter your email address");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    await expectNoA11yViolations(page);

    const mail = await mailbox.next((m) => m.envelopeTo.includes(email) && m.subject === "Reset your password");
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail.text ?? "")?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await expectNoA11yViolations(page);

    await page.getByLabel("New password", { exact: true }).fill("1234567890");
    await page.getByLabel("Confirm new password").fill("1234567890");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByRole("alert")).toContainText("one of the most common");
    await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page, "reset page with an error");

    // The demo password passes the rule, so other tests still log in with it.
    await page.getByLabel("New password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel("Confirm new password").fill(DEMO_PASSWORD);
    endingEverySessionOf("basicStudent");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your password has been changed. Log in with your new password.")).toBeVisible();

    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");
    await expect(page.getByText("This password reset link has already been used.")).toBeVisible();

    await page.goto("/login");
    await submitLoginForm(page, email, DEMO_PASSWORD);
    await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
  });

  test("a pre-departure student changes their password by keyboard", async ({ page, loginAs, mailbox }) => {
    await loginAs("predeparture", { to: "/jumpstart-change-password" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change your password");
    await expectNoA11yViolations(page);
    await page.getByLabel("Current password").focus();
    await page.keyboard.type("not my password");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Harbour-kite-2027");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Harbour-kite-2027");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toContainText("Your current password is not right");
    await expect(page.getByRole("alert")).toBeFocused();

    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel("Confirm new password").fill(DEMO_PASSWORD);
    endingEverySessionOf("predeparture");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByText("Your password has been changed. You have been logged out everywhere else."),
    ).toBeVisible();
    await mailbox.next(
      (m) => m.envelopeTo.includes(ACCOUNTS.predeparture.email) && m.subject === "Your password has been changed",
    );
  });
});
