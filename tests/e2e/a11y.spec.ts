import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("accessibility (axe, WCAG 2.2 AA)", () => {
  test("home page", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page, "/");
  });

  test("login page", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await expectNoA11yViolations(page, "/login");
  });

  test("login page with errors shown", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Enter your email address");
    await expect(alert).toContainText("Enter your password");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page, "/login with errors");
  });

  test("404 page", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find that page");
    await expectNoA11yViolations(page, "/this-page-does-not-exist");
  });

  test("student dashboard, logged in", async ({ page, loginAs }) => {
    await loginAs("student");
    await expect(page).toHaveURL("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student dashboard");
    await expectNoA11yViolations(page, "/student-dashboard");
  });
});

test.describe("keyboard", () => {
  test("the first Tab on the home page reaches the skip link, which moves focus to main", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    await expect(page).toHaveURL(/#main$/);
  });
});
