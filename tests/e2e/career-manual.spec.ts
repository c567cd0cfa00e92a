import { expect, expectNoA11yViolations, test } from "./fixtures";

test("an admin previews and saves a page of the career manual, and a student reads it", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.getByRole("link", { name: "Write and edit your career manual" }).click();
  await page.getByRole("link", { name: "Write a new page" }).click();
  await page.getByLabel("Title", { exact: true }).fill("Your first term");
  await page
    .getByLabel("Page", { exact: true })
    .fill("## Book an appointment\n\nUse the **careers portal** in week one.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview (not saved yet)" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Save the page" }).click();
  await expect(page.getByText("The page is saved. Your students see it now.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Your first term" })).toBeVisible();
  await expectNoA11yViolations(page);

  const manual = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByText("You have logged out.")).toBeVisible();
  await loginAs("student", { to: manual });
  await expect(page.getByRole("heading", { level: 2, name: "Your first term" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Write a new page" })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
