import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import { expect, expectNoA11yViolations, test } from "./fixtures";

// A job's address as the import makes it: its title and employer, and six characters of a hash of its source and id.
function importedSlug(source: string, id: string, words: string): string {
  const tag = createHash("sha256")
    .update(`${source}\n${id}`)
    .digest("base64url")
    .replace(/[^a-zA-Z0-9]/g, "")
    .slice(0, 6)
    .toLowerCase();
  return `${words}-${tag}`;
}

/** The signed unsubscribe link of an address, as the alert emails carry it (the server's secret is in its data folder). */
function unsubscribePath(email: string): string {
  const secret = fs.readFileSync(".tmp/e2e-data/session-secret", "utf8").trim();
  const key = createHmac("sha256", secret).update("job-newsletter-unsubscribe").digest();
  const sig = createHmac("sha256", key).update(email.toLowerCase()).digest("base64url");
  return `/unsubscribe-job-newsletter/${encodeURIComponent(email)}?sig=${sig}`;
}

test.describe("saved jobs and alerts", () => {
  test.beforeAll(async ({ request }) => {
    // The embedded database generates its demo jobs in the background after the demo register is in.
    await expect
      .poll(async () => (await (await request.get("/api/jobs")).json()).total, { timeout: 60_000 })
      .toBeGreaterThan(1_000);
  });

  test("a student saves a job from the list and from its page, finds them in My saved jobs, and removes one", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student", { to: "/jobs?q=nurse&sort=date" });
    const first = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3 }) })
      .first();
    const title = (await first.getByRole("heading", { level: 3 }).textContent())!;
    await first.getByRole("button", { name: `Save: ${title}` }).click();
    await expect(page.getByText("Job saved. Find it in My saved jobs.")).toBeVisible();
    await expect(first.getByRole("button", { name: `Remove from saved jobs: ${title}` })).toBeVisible();
    await expect(page).toHaveURL(/\/jobs\?q=nurse&sort=date$/);

    await page.goto("/jobs?q=accountant&sort=date");
    await page.getByRole("heading", { level: 3 }).first().getByRole("link").click();
    // The job's own page, not the list's heading read before the page changed: the address changes
    // before the new page is drawn, so the heading is read once it is no longer the list's.
    await expect(page).toHaveURL(/\/jobs\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Jobs");
    const other = (await page.getByRole("heading", { level: 1 }).textContent())!;
    await page.getByRole("button", { name: `Save: ${other}` }).click();
    await expect(page.getByRole("button", { name: `Remove from saved jobs: ${other}` })).toBeVisible();

    await page.goto("/my-saved-jobs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My saved jobs");
    const saved = page.getByRole("region", { name: /^Saved jobs/ });
    await expect(saved.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(saved.getByRole("link", { name: other, exact: true })).toBeVisible();
    await expectNoA11yViolations(page, "/my-saved-jobs with saved jobs");
    await saved.getByRole("button", { name: `Remove from saved jobs: ${title}` }).click();
    await expect(page.getByText("Job removed from your saved jobs.")).toBeVisible();
    await expect(saved.getByRole("link", { name: title, exact: true })).toHaveCount(0);
    await saved.getByRole("button", { name: `Remove from saved jobs: ${other}` }).click();
    await expect(page.getByText("You have not saved any jobs yet.")).toBeVisible();
  });

  test("a student creates an alert for a search, changes how often it emails, and deletes it", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student", { to: "/jobs?q=engineer&location=London" });
    await page.getByLabel("Email me new jobs like these").selectOption("daily");
    await page.getByRole("button", { name: "Create alert" }).click();
    await expect(
      page.getByText("Alert created: we will email you each day there are new jobs like these."),
    ).toBeVisible();

    await page.goto("/my-saved-jobs");
    const alerts = page.getByRole("region", { name: "Job alerts" });
    await expect(alerts.getByRole("link", { name: "Jobs: “engineer”, in London" })).toHaveAttribute(
      "href",
      "/jobs?q=engineer&location=London&sort=date",
    );
    await expectNoA11yViolations(page, "/my-saved-jobs with an alert");
    await alerts.getByLabel("How often: Jobs: “engineer”, in London").selectOption("weekly");
    await alerts.getByRole("button", { name: "Change" }).click();
    await expect(page.getByText("Alert changed: it emails weekly.")).toBeVisible();
    await expect(alerts.getByLabel("How often: Jobs: “engineer”, in London")).toHaveValue("weekly");
    await alerts.getByRole("button", { name: "Delete alert: Jobs: “engineer”, in London" }).click();
    await expect(page.getByText("You have no job alerts.")).toBeVisible();
  });

  test("a visitor is offered the login to save, and comes back to the job", async ({ page }) => {
    await page.goto("/jobs?q=analyst");
    await page
      .getByRole("link", { name: /^Log in to save / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login\?next=%2Fjobs%3Fq%3Danalyst/);
  });

  test("a job whose closing date has passed says so, keeps its page out of search engines and offers no apply button", async ({
    page,
  }) => {
    await page.goto(`/jobs/${importedSlug("e2e", "e2e-expired", "graduate-actuarial-analyst-harbour-mutual-ltd")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Graduate actuarial analyst");
    await expect(page.getByRole("status").filter({ hasText: "This job has closed" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]', { hasText: "JobPosting" })).toHaveCount(0);
    await expectNoA11yViolations(page, "a closed job page");
  });

  test("a student checks an offer and reads which option it meets", async ({ page }) => {
    await page.goto("/check-a-job-offer");
    await expectNoA11yViolations(page, "/check-a-job-offer");
    await page.getByLabel("Occupation code (SOC 2020)").fill("2134");
    await page.getByLabel("Salary").fill("40,000");
    await page.getByLabel("I count as a new entrant").check();
    await page.getByRole("button", { name: "Check the offer" }).click();
    await expect(page.getByRole("heading", { name: "Likely to meet the rules (option E)" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Threshold of option E/ })).toContainText("£38,300 a year");
    await expectNoA11yViolations(page, "/check-a-job-offer with a result");
    await page.getByLabel("Salary").fill("lots");
    await page.getByRole("button", { name: "Check the offer" }).click();
    await expect(page.getByRole("alert")).toContainText("Give the salary as a number");
  });

  test("the unsubscribe link asks first, then stops the emails; an altered one unsubscribes nobody", async ({
    page,
  }) => {
    const link = unsubscribePath("basic.student@demo.test");
    await page.goto(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`);
    await expect(page.getByRole("alert")).toContainText("has unsubscribed nobody");
    await expectNoA11yViolations(page, "an altered unsubscribe link");
    await page.goto(link);
    await expect(page.getByText("Stop every job alert email to basic.student@demo.test?")).toBeVisible();
    await expectNoA11yViolations(page, "the unsubscribe page");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    // The page's own status message, not the site's (empty) one for flash messages.
    await expect(
      page.getByRole("status").filter({ hasText: "basic.student@demo.test will get no more job alert emails." }),
    ).toBeVisible();
  });
});
