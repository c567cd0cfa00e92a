import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("the pre-departure articles", () => {
  test("a student about to travel reads the resources, follows the LinkedIn playbook step by step and opens the reading list", async ({ page, loginAs }) => {
    await loginAs("predeparture");
    await page.goto("/jumpstart/resources");
    await expect(page.getByRole("heading", { level: 1, name: "Pre-departure resources" })).toBeVisible();
    const contents = page.getByRole("navigation", { name: "On this page" }).getByRole("link");
    expect(await contents.count()).toBeGreaterThanOrEqual(6);
    await expectNoA11yViolations(page);

    await page.goto("/jumpstart/linkedin-starter-playbook");
    await expectNoA11yViolations(page);
    await page.getByRole("heading", { level: 2 }).first().getByRole("link").click();
    await expect(page.getByText(/step 1 of \d+/)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: /^Next: / }).click();
    await expect(page.getByText(/step 2 of \d+/)).toBeVisible();

    await page.goto("/jumpstart/reading-list");
    await page.getByRole("heading", { level: 2 }).first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 2, name: "Sources" })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
