import { DEMO_SURVEY_TOKEN } from "../../app/features/graduate-outcomes/demo-link";
import { expect, expectNoA11yViolations, test } from "./fixtures";

// The demo's survey link (Demo University's first made-up graduate), opened as the email's link is:
// no login.
test("a graduate answers their survey by keyboard without logging in, then changes the answer", async ({ page }) => {
  await page.goto(`/graduate-outcomes/survey/${DEMO_SURVEY_TOKEN}`);
  await expect(page.getByRole("heading", { level: 1, name: "What are you doing now?" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Sent with nothing chosen: the problems are listed, and the list takes focus.
  await page.getByRole("button", { name: /my answers$/ }).press("Enter");
  const problems = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(problems).toBeFocused();
  await expect(problems.getByRole("link", { name: "Choose what you are mainly doing now" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Working in the UK, every answer given by keyboard.
  const working = page
    .getByRole("group", { name: "What are you mainly doing now?" })
    .getByRole("radio", { name: "Working" });
  await working.focus();
  await page.keyboard.press("Space");
  await expect(working).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("The country you work in")).toBeFocused();
  await page.keyboard.type("United Kingdom");
  await expect(page.getByLabel("The country you work in")).toHaveValue("226");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Northwind Analytics");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Data Analyst");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Your salary")).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Your salary")).toHaveValue("30k_to_40k");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Y");
  await expect(page.getByLabel("Did the job need a visa sponsor?")).toHaveValue("yes");
  await page.keyboard.press("Tab");
  await page.keyboard.type("S");
  await expect(page.getByLabel("The visa you work on")).toHaveValue("skilled_worker");
  await page.keyboard.press("Tab");
  await page.keyboard.type("The u");
  await expect(page.getByLabel("How did you find the job?")).toHaveValue("careers_service");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: /my answers$/ })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByText(/^Thank you: your answers are saved\./)).toBeVisible();
  await expect(page.getByLabel("Your employer")).toHaveValue("Northwind Analytics");
  await expectNoA11yViolations(page);

  // Changed: looking for work now, and the job's answers go.
  const looking = page.getByRole("radio", { name: "Looking for work" });
  await looking.focus();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Change my answers" }).press("Enter");
  await expect(page.getByText("You have answered already")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Looking for work" })).toBeChecked();
  await expect(page.getByLabel("Your employer")).toHaveValue("");
});

test("a forged survey link says it does not work", async ({ page }) => {
  const reply = await page.goto(`/graduate-outcomes/survey/${"A".repeat(43)}`);
  expect(reply?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This survey link does not work" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("an admin reads the graduate outcomes page's chart data by keyboard and downloads it as CSV", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  await page.getByRole("navigation", { name: "University" }).getByRole("link", { name: "Graduate outcomes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Graduate outcomes analytics");
  await expect(page.getByRole("img", { name: "What graduates are doing" })).toBeVisible();

  await page.getByRole("radio", { name: "6 months after" }).check();
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/wave=6/);
  await expect(page.getByText(/^Graduates of every year, surveyed 6 months after graduating\./)).toBeVisible();
  await expectNoA11yViolations(page);

  // The data of a chart is a table a keyboard reaches: its scrolling region takes focus.
  const region = page.getByRole("region", { name: "Outcomes by visa route" });
  for (let i = 0; i < 80 && !(await region.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(region).toBeFocused();
  await expect(region.getByRole("columnheader", { name: "Response rate (%)" })).toBeVisible();
  await expect(region.getByRole("rowheader", { name: "Student visa" })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the data (CSV)" }).first().click(),
  ]);
  expect(download.suggestedFilename()).toBe("graduate-outcomes-activity-6-months.csv");
});
