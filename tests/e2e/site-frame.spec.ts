import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, expectNoA11yViolations, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const MICROSITE = `http://demo-university.localhost:${process.env.E2E_PORT ?? 3210}`;

/** The header's controls answer only once React has taken over the server's HTML. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await expect(page.getByRole("banner").getByRole("button", { name: "Menu" })).toBeVisible();
}

test.describe("the header on a phone", () => {
  test.use({ viewport: PHONE });

  test("is one short row whose menu opens and closes by keyboard", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    const box = (await header.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.1);

    const menu = header.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    const controlled = page.locator(`#${await menu.getAttribute("aria-controls")}`);
    await expect(controlled).toBeHidden();
    await expect(header.getByRole("link", { name: "Log in" })).toBeVisible();

    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(controlled).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(controlled).toHaveAttribute("aria-label", "Main");
    const jobs = nav.getByRole("link", { name: "Jobs", exact: true });
    await expect(jobs).toBeVisible();
    await expectNoA11yViolations(page, "/ on a phone, menu open");

    await page.keyboard.press("Tab");
    await expect(jobs).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    await expect(controlled).toBeHidden();

    await page.keyboard.press("Space");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expectNoA11yViolations(page, "/ on a phone, menu closed");
  });

  test("gives a logged-in student their pages and the tools, and closes after a link is followed", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student");
    await expect(page).toHaveURL(ACCOUNTS.student.home);
    await waitForHydration(page);
    const header = page.getByRole("banner");
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height * 0.1);
    await expect(header.getByRole("button", { name: "Log out" })).toBeVisible();

    await header.getByRole("button", { name: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "My CVs" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Blog" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Australian points calculator" })).toBeVisible();
    await expectNoA11yViolations(page, "/student-dashboard on a phone, menu open");

    await nav.getByRole("link", { name: "Sponsor checker" }).click();
    await expect(page).toHaveURL("/sponsorship-licence-checker");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(header.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "My CVs" })).toBeHidden();
  });

  test("stays one short row on a microsite, whose brand carries a logo and a long name", async ({ page }) => {
    await page.goto(`${MICROSITE}/login`);
    await waitForHydration(page);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Demo University Careers" })).toBeVisible();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height * 0.1);
    await expectNoA11yViolations(page, "microsite /login on a phone");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Menu still opens the navigation", async ({ page }) => {
      await page.goto("/");
      const menu = page.getByRole("banner").getByRole("link", { name: "Menu" });
      const nav = page.locator(`${await menu.getAttribute("href")}`);
      await expect(nav).toBeHidden();
      await menu.click();
      await expect(nav).toBeVisible();
      await nav.getByRole("link", { name: "Jobs", exact: true }).click();
      await expect(page).toHaveURL("/jobs");
    });
  });
});

test.describe("the header on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows the navigation in the row, with the student's tools in a dropdown", async ({ page, loginAs }) => {
    await loginAs("student");
    await waitForHydrationOnDesktop(page);
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Menu" })).toBeHidden();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "My CVs" })).toBeVisible();

    const tools = nav.getByRole("button", { name: "Tools" });
    const calculator = nav.getByRole("link", { name: "Australian points calculator" });
    await expect(tools).toHaveAttribute("aria-expanded", "false");
    await expect(calculator).toBeHidden();
    await tools.focus();
    await page.keyboard.press("Enter");
    await expect(tools).toHaveAttribute("aria-expanded", "true");
    await expect(calculator).toBeVisible();
    await expectNoA11yViolations(page, "/student-dashboard, Tools open");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "My journey and visa clock" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(tools).toHaveAttribute("aria-expanded", "false");
    await expect(tools).toBeFocused();

    await tools.click();
    await calculator.click();
    await expect(page).toHaveURL("/skilled-migration-points-calculator-australia");
    await expect(calculator).toBeHidden();
  });

  test("closes the Tools dropdown on a click elsewhere", async ({ page, loginAs }) => {
    await loginAs("student");
    await waitForHydrationOnDesktop(page);
    const tools = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Tools" });
    await tools.click();
    await expect(tools).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(tools).toHaveAttribute("aria-expanded", "false");
  });
});

async function waitForHydrationOnDesktop(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Tools" })).toBeVisible();
}

test.describe("login pages tell a new user where to go", () => {
  test("the main site's login page leads to the chosen university's registration", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Your university").selectOption({ label: "Demo University" });
    await page.getByRole("button", { name: "Create an account" }).click();
    await expect(page).toHaveURL("/register/demo-university");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your Demo University account");
  });

  test("a microsite's login page links to its own pages and to help", async ({ page }) => {
    await page.goto(`${MICROSITE}/login`);
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
      "href",
      "/forgot-password/demo-university",
    );
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/register/demo-university",
    );
    const help = page.getByRole("region", { name: "Need help?" });
    await expect(help.getByRole("link", { name: "careers@demo-university.test" })).toHaveAttribute(
      "href",
      "mailto:careers@demo-university.test",
    );
    await expectNoA11yViolations(page, "microsite /login");
  });
});
