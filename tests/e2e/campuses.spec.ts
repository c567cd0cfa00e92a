import { type Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

// Issue 11, item 8. The demo student belongs to Demo University (active) and its Docklands campus.
// Every spec shares the server's database: the student is left on Demo University, even after a failure.
const DOCKLANDS = "Demo University Docklands Campus";

const switchButton = (page: Page, name: string) => page.getByRole("button", { name: `Switch to ${name}`, exact: true });

async function premiumAccess(page: Page): Promise<boolean> {
  const r = await page.request.get("/api/check-user-redirections?checkurl=cih", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
  });
  return (await r.json()).isCihPremiumAccess;
}

test.describe("a student of two campuses", () => {
  test.afterEach(async ({ page }) => {
    await page.goto("/student-login");
    const back = switchButton(page, "Demo University");
    if (await back.isVisible()) {
      await back.click();
      await expect(page.getByText("You are now using Demo University.")).toBeVisible();
    }
  });

  test("switches campus by keyboard, which changes their plan, and switches back", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Switch campus" }).click();
    await expect(page).toHaveURL(/\/student-login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your campus");
    await expect(page.getByText("You are using Demo University.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Demo University" }).first()).toContainText(
      "Active: you are using this campus.",
    );
    await expectNoA11yViolations(page, "/student-login");
    expect(await premiumAccess(page)).toBe(true);

    // From the last link before the list, Tab reaches the switch button, with a visible focus ring.
    await page.getByRole("link", { name: "Go to the Demo University careers site" }).focus();
    await page.keyboard.press("Tab");
    const toDocklands = switchButton(page, DOCKLANDS);
    await expect(toDocklands).toBeFocused();
    await expect(toDocklands).toHaveCSS("outline-style", "solid");
    await page.keyboard.press("Enter");

    await expect(page.getByText(`You are now using ${DOCKLANDS}.`)).toBeVisible();
    await expect(page.getByText(`You are using ${DOCKLANDS}.`)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: DOCKLANDS })).toContainText(
      "Active: you are using this campus.",
    );
    await expect(switchButton(page, DOCKLANDS)).toHaveCount(0);
    expect(await premiumAccess(page)).toBe(false);
    await expectNoA11yViolations(page, "/student-login after a switch");

    await page.getByRole("link", { name: `Go to the ${DOCKLANDS} careers site` }).focus();
    await page.keyboard.press("Tab");
    const toDemo = switchButton(page, "Demo University");
    await expect(toDemo).toBeFocused();
    await page.keyboard.press("Space");
    await expect(page.getByText("You are now using Demo University.")).toBeVisible();
    await expect(page.getByText("You are using Demo University.")).toBeVisible();
    expect(await premiumAccess(page)).toBe(true);
  });
});
