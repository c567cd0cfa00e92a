import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("the pre-departure articles", () => {
  test("a student about to travel reads the resources, follows the LinkedIn playbook step by step and opens the reading list", async ({
    page,
    loginAs,
  }) => {
    await loginAs("predeparture", { to: "/jumpstart/resources" });
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

test("the pre-departure dashboard: countdown, checklist by keyboard, and the top employers", async ({
  page,
  loginAs,
}) => {
  await loginAs("predeparture");
  await expect(page.getByRole("heading", { level: 1, name: "Jumpstart dashboard" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page
    .getByRole("button", { name: "Mark as done: Accept your offer and get your CAS from your university" })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: /^Before you travel \(1 of 6 done\)$/ })).toBeVisible();
  await page.getByRole("link", { name: "The 30 employers with the most jobs likely to be sponsored" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Top 30 employers" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  expect(await rows.count()).toBeGreaterThan(2);
  await expectNoA11yViolations(page);
});

test("a visitor reads what Jumpstart holds", async ({ page }) => {
  await page.goto("/jumpstart");
  await expect(page.getByRole("heading", { level: 1, name: "Jumpstart: prepare before you travel" })).toBeVisible();
  await expectNoA11yViolations(page);
});
