import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("my journey", () => {
  test("a student adds their dates, reads the visa clock by keyboard and downloads the reminders", async ({
    page,
    loginAs,
  }) => {
    await loginAs("basicStudent", { to: "/my-journey" });
    await expect(page.getByText(/the clock needs/)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Add them to your profile" }).click();
    await page.getByLabel("Home country").selectOption({ label: "Nigeria" });
    await page.getByLabel("Course", { exact: true }).fill("MSc Finance");
    await page.getByLabel("Level of study").selectOption("postgraduate_taught");
    await page.getByLabel("Graduation date").fill("2027-09");
    await page.getByLabel("Current visa").selectOption("student");
    await page.getByLabel("Visa expiry date").fill("2028-01-31");
    await page.getByRole("button", { name: /save/i }).click();
    await expect(page.getByText("Your profile is saved.")).toBeVisible();

    await page.goto("/my-journey");
    const dates = page.getByRole("list", { name: "Your dates, earliest first" });
    await expect(dates.getByRole("listitem")).toHaveCount(4);
    await expect(dates.getByRole("listitem").first()).toContainText("30 September 2027");
    await expectNoA11yViolations(page);

    // A step nothing records is ticked by hand, from the keyboard.
    await page.getByRole("button", { name: "Mark as done: Open a UK bank account" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Mark as not done: Open a UK bank account" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "1. Settle in (1 of 3 done)" })).toBeVisible();

    // Every official page and the download are reached with Tab alone.
    const download = page.getByRole("link", { name: "Add these dates to my calendar (.ics)" });
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await download.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    const [file] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(file.suggestedFilename()).toBe("visa-dates.ics");
    const text = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(text).toString()).toContain("DTSTART;VALUE=DATE:20280131");
  });
});

test("achievements show the next badge and how to earn it", async ({ page, loginAs }) => {
  await loginAs("student", { to: "/achievements" });
  await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Next: / })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the dashboard recommends jobs with a reason, and every panel leads somewhere", async ({ page, loginAs }) => {
  await loginAs("student");
  const jobs = page.getByRole("region", { name: "Jobs for you" });
  await expect(jobs.getByRole("listitem").first()).toBeVisible();
  await expect(jobs.getByText(/^(Recommended: .+\.|One of the newest jobs\.)$/).first()).toBeVisible();
  for (const panel of [
    "Your visa clock",
    "Your profile",
    "Saved jobs closing soon",
    "Your CV",
    "Career videos",
    "Achievements",
    "Workshops and webinars",
    "Careers adviser",
  ]) {
    await expect(page.getByRole("region", { name: panel }).getByRole("link").last()).toBeVisible();
  }
  await expectNoA11yViolations(page);
});
