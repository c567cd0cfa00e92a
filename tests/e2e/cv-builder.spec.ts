import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/** Starts a CV from the profile on /my-cvs and answers its id, with the editor open. */
async function startCv(page: Page, template = "UK CV"): Promise<string> {
  await page.goto("/my-cvs");
  await page.getByLabel(template, { exact: true }).check();
  await page.getByLabel("My profile (your name, contact details and course)").check();
  await page.getByRole("button", { name: "Create CV" }).click();
  await expect(page).toHaveURL(/\/create-cv\?cv=\d+$/);
  return new URL(page.url()).searchParams.get("cv")!;
}

const preview = (page: Page) => page.getByRole("region", { name: "Preview" });
const saved = (page: Page) => expect(page.getByText("All changes saved")).toBeVisible();

test.describe("the CV builder", () => {
  test("a student starts a CV from their profile, writes it by keyboard and watches the preview follow", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student", { to: "/my-cvs" });
    await expect(page.getByText("You have no CV yet.")).toBeVisible();
    await expectNoA11yViolations(page, "/my-cvs");
    await startCv(page);
    await expect(page.getByLabel("Full name")).toHaveValue("Aisha Khan");
    await expect(preview(page)).toContainText("Aisha Khan");
    await expect(preview(page)).toContainText("Demo University");

    await page.getByLabel("Headline").fill("Data analyst and MSc student");
    await expect(preview(page)).toContainText("Data analyst and MSc student");

    // Two jobs, added and filled from the keyboard; the new entry's first field takes the focus.
    for (const [title, employer] of [
      ["Analyst", "Acme Retail"],
      ["Intern", "Beta Bank"],
    ] as const) {
      await page.getByRole("button", { name: "Add job to Work experience" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.locator(":focus")).toHaveAccessibleName("Job title");
      await page.keyboard.type(title);
      await page.keyboard.press("Tab");
      await page.keyboard.type(employer);
    }
    await expect(page.getByRole("group", { name: "Intern, Beta Bank" })).toBeVisible();
    // The preview follows the form a moment later: until it shows both jobs, there is no order to read.
    const order = async () => {
      const text = (await preview(page).textContent()) ?? "";
      const [intern, analyst] = [text.indexOf("Beta Bank"), text.indexOf("Acme Retail")];
      if (intern < 0 || analyst < 0) return "not both shown yet";
      return intern < analyst ? "intern first" : "analyst first";
    };
    await expect.poll(order).toBe("analyst first");
    await page.getByRole("button", { name: "Move up: Intern, Beta Bank" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(order).toBe("intern first");

    // A removal can be undone.
    await page.getByRole("button", { name: "Remove: Analyst, Acme Retail" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed “Analyst, Acme Retail”." })).toBeVisible();
    await expect(preview(page)).not.toContainText("Acme Retail");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(preview(page)).toContainText("Acme Retail");

    await saved(page);
    await expectNoA11yViolations(page, "/create-cv");
    // What was saved is what opens again.
    await page.reload();
    await expect(page.getByLabel("Headline")).toHaveValue("Data analyst and MSc student");
    expect(await order()).toBe("intern first");
  });

  test("a second tab that saved first is not overwritten: the student chooses", async ({ page, context, loginAs }) => {
    await loginAs("basicStudent");
    const id = await startCv(page);
    await saved(page);
    const other = await context.newPage();
    await other.goto(`/create-cv?cv=${id}`);
    await other.getByLabel("Headline").fill("Written in the other tab");
    await expect(other.getByText("All changes saved")).toBeVisible();

    await page.getByLabel("Headline").fill("Written in the first tab");
    const conflict = page.getByRole("alert").filter({ hasText: "This CV changed elsewhere" });
    await expect(conflict).toBeVisible();
    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await saved(page);
    await other.reload();
    await expect(other.getByLabel("Headline")).toHaveValue("Written in the first tab");
  });

  test("a student compares templates with their own CV, previews the pages, downloads the PDF and checks it against a job", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student", { to: "/my-cvs" });
    await page
      .getByRole("link", { name: /^Edit / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/create-cv\?cv=\d+$/);
    const id = new URL(page.url()).searchParams.get("cv")!;

    await page.goto(`/choose-template?cv=${id}`);
    const thumbnails = page.getByRole("img", { name: /The first page of your CV in the .* template/ });
    await expect(thumbnails).toHaveCount(4);
    for (const img of await thumbnails.all())
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(300);
    await expectNoA11yViolations(page, "/choose-template");
    await page.getByRole("button", { name: "Use the Europass CV template" }).click();
    await expect(page).toHaveURL(`/create-cv?cv=${id}`);
    await page.getByText("Design", { exact: true }).click();
    await expect(page.getByLabel("Template")).toHaveValue("europass");

    await page.goto(`/cv-preview?cv=${id}`);
    const first = page.getByRole("img", { name: /^Page 1 of \d/ });
    await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(900);
    await expectNoA11yViolations(page, "/cv-preview");
    await page.getByRole("link", { name: "Looks good: final check" }).click();
    await expect(page.getByText(/ATS score: \d+ out of 100\./)).toBeVisible();
    await expectNoA11yViolations(page, "/final-preview");

    await page.goto(`/download-cv?cv=${id}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "PDF", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const jobs = await (await page.request.get("/api/jobs?q=analyst")).json();
    await page.getByLabel("Job address (optional)").fill(`/jobs/${jobs.results[0].slug}`);
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByText(/Your CV has \d+ of the job's \d+ key terms\./)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Missing from your CV" })).toBeVisible();
    await expectNoA11yViolations(page, "/download-cv with a job");
  });
});
