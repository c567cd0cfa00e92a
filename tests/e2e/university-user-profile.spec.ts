import { expect, expectNoA11yViolations, test } from "./fixtures";

const TABS = [
  { label: "Your account", path: "/university-user-profile" },
  { label: "University details", path: "/university-user-profile/university" },
  { label: "Branding", path: "/university-user-profile/branding" },
  { label: "Team", path: "/university-user-profile/team" },
  { label: "Student records", path: "/university-user-profile/roster" },
  { label: "API keys", path: "/university-user-profile/api-keys" },
  { label: "Single sign-on", path: "/university-user-profile/sso" },
  { label: "Audit log", path: "/university-user-profile/audit" },
];

test("an admin goes through the profile's tabs by keyboard, and axe finds nothing on any of them", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  const area = page.getByRole("navigation", { name: "University" });
  await area.getByRole("link", { name: "University profile" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/university-user-profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "University profile" })).toBeVisible();

  const tabs = page.getByRole("navigation", { name: "Profile sections" });
  for (const [i, tab] of TABS.entries()) {
    if (i > 0) {
      // From the current tab, Tab reaches the next one and Enter opens it.
      await tabs.getByRole("link", { name: TABS[i - 1]!.label }).focus();
      await page.keyboard.press("Tab");
      await expect(tabs.getByRole("link", { name: tab.label })).toBeFocused();
      await page.keyboard.press("Enter");
    }
    await expect(page).toHaveURL(new RegExp(`${tab.path}$`));
    await expect(tabs.getByRole("link", { name: tab.label })).toHaveAttribute("aria-current", "page");
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name: tab.label })).toBeVisible();
    await expectNoA11yViolations(page);
    if (tab.label === "Team")
      await expect(page.getByRole("rowheader", { name: "Sarah Whitfield (you)" })).toBeVisible();
  }
});

test("an admin saves the brand colour, after being told why a light one is refused", async ({ page, loginAs }) => {
  await loginAs("admin", { to: "/university-user-profile/branding" });
  const colour = page.getByLabel("Brand colour", { exact: true });
  await expect(colour).toHaveValue("#6d28d9");

  await colour.fill("#ffcc00");
  await page.getByRole("button", { name: "Save the colour" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("White text on #ffcc00 has a contrast of only 1.5:1");
  await expect(summary).toBeFocused();
  await expect(colour).toHaveValue("#ffcc00");
  await expect(colour).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  await colour.fill("#0f766e");
  await colour.press("Enter");
  await expect(page.getByText("The brand colour is now #0f766e.")).toBeVisible();
  await expect(page.getByRole("img", { name: "White text on #0f766e, as in your microsite's header" })).toBeVisible();
  await expect(page.getByLabel("Brand colour", { exact: true })).toHaveValue("#0f766e");
  await expectNoA11yViolations(page);

  // As it was, for the tests that follow.
  await page.getByLabel("Brand colour", { exact: true }).fill("#6d28d9");
  await page.getByRole("button", { name: "Save the colour" }).click();
  await expect(page.getByText("The brand colour is now #6d28d9.")).toBeVisible();
});
