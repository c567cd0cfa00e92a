import fs from "node:fs";
import { expect, expectNoA11yViolations, test } from "./fixtures";

// The figures grow while the demo activity is made in the background: these tests check what the
// pages are and do, not what they count (tests/http/university-analytics.test.ts does).
const PAGES = [
  { link: "Visa job analytics", heading: "Visa and job analytics", chart: "Jobs by sponsorship status" },
  {
    link: "Home country analytics",
    heading: "Home country analytics",
    chart: "Students by home country, and those active in the range",
  },
  {
    link: "Student engagement",
    heading: "Student engagement analytics",
    chart: "From registration to a first application",
  },
] as const;

test("an admin reads each analytics page over a date range they choose, its charts' data by keyboard, and downloads a CSV", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  await expect(page.getByRole("heading", { level: 2, name: "Your students at a glance" })).toBeVisible();
  await expectNoA11yViolations(page);

  for (const p of PAGES) {
    await page.getByRole("navigation", { name: "University" }).getByRole("link", { name: p.link }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.heading);
    // Each chart is one image named by its heading, followed by its table.
    await expect(page.getByRole("img", { name: p.chart })).toBeVisible();

    await page.getByLabel("From", { exact: true }).fill("2026-01-01");
    await page.getByLabel("To", { exact: true }).fill("2026-03-31");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-03-31/);
    await expect(page.getByText("1 January 2026 to 31 March 2026.")).toBeVisible();
    await expectNoA11yViolations(page);
  }

  // The data of a chart is a table a keyboard reaches: its scrolling region takes focus.
  const region = page.getByRole("region", { name: /Students who registered in the range/ });
  for (let i = 0; i < 60 && !(await region.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(region).toBeFocused();
  await expect(region.getByRole("columnheader", { name: "Share of those registered (%)" })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the data (CSV)" }).nth(2).click(),
  ]);
  expect(download.suggestedFilename()).toBe("engagement-funnel-2026-01-01-to-2026-03-31.csv");
  const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  expect(csv.split("\r\n")[0]).toBe("Step,Students,Share of those registered (%)");
  expect(csv.split("\r\n")[1]).toMatch(/^Registered,/);
});

test("a date that is not one gets a message, and the last 30 days are shown", async ({ page, loginAs }) => {
  await loginAs("admin", { to: "/visa-job-analytics?from=2026-02-30&to=2026-03-10" });
  await expect(page.getByRole("alert")).toContainText("Enter the start date as a date like");
  await expect(page.getByRole("img", { name: "Jobs by sponsorship status" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("an admin searches their students and downloads the list", async ({ page, loginAs }) => {
  await loginAs("admin");
  const students = page.getByRole("region", { name: "Your students, by name" });
  await page.getByLabel("Name or email").fill("basic.student@demo.test");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 student.")).toBeVisible();
  await expect(students.getByRole("rowheader", { name: "Daniel Okafor" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the list (CSV)" }).click(),
  ]);
  const rows = fs
    .readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(rows).toHaveLength(2);
  expect(rows[1]).toMatch(/^Daniel Okafor,basic\.student@demo\.test,Student,/);
  await expectNoA11yViolations(page);
});
