import type { Page } from "@playwright/test";
import { base32Decode, totpCode, totpStep } from "../../app/lib/totp.server";
import { DEMO_PASSWORD, expect, expectNoA11yViolations, submitLoginForm, test } from "./fixtures";

// The operations console in a browser (issue 30): the demo staff member logs in with a password and
// an authenticator code, then walks every section of the console, each checked by axe.

const STAFF = "ops@demo.test";
// The demo staff member's authenticator (app/db/seed/demo.ts): for the demo only.
const TOTP_SECRET = "JBSWY3DPEHPK3PXP";
const codeAt = (ahead: number) => totpCode(base32Decode(TOTP_SECRET)!, totpStep(new Date()) + ahead);

/** Password, then the "Authentication code"; a code works once, so the next step's code is the fallback. */
async function logInAsStaff(page: Page) {
  await page.goto("/login");
  await submitLoginForm(page, STAFF, DEMO_PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Two-step login" })).toBeVisible();
  await expectNoA11yViolations(page, "the two-step login");
  for (const ahead of [0, 1]) {
    await page.getByLabel("Authentication code").fill(codeAt(ahead));
    await page.getByRole("button", { name: "Continue" }).click();
    if (await page.getByRole("heading", { level: 1, name: "Operations console" }).isVisible()) return;
  }
  await expect(page.getByRole("heading", { level: 1, name: "Operations console" })).toBeVisible();
}

test("platform staff log in with an authenticator code and walk the operations console", async ({ page }) => {
  await page.goto("/login");
  await submitLoginForm(page, STAFF, DEMO_PASSWORD);
  // A wrong code is refused beside the field, and the console stays closed.
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("#code-error")).toContainText("That code is not right, or has been used already");
  await expectNoA11yViolations(page, "the two-step login with a wrong code");
  expect((await page.request.get("/ops")).status()).toBe(404);

  await logInAsStaff(page);
  await expect(page.getByRole("main").getByText("Signed in as Priya Natarajan")).toBeVisible();
  await expectNoA11yViolations(page, "the console's overview");
});
