import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("job search", () => {
  test.beforeAll(async ({ request }) => {
    // The embedded database generates its demo jobs in the background after the demo register is in.
    await expect
      .poll(async () => (await (await request.get("/api/jobs")).json()).total, { timeout: 60_000 })
      .toBeGreaterThan(1_000);
  });

  test("a student searches by words and sponsorship, sees each job's verdict and pages on", async ({ page }) => {
    await page.goto("/jobs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs");
    await expectNoA11yViolations(page);
    await page.getByLabel("Keywords").fill("engineer");
    await page.getByLabel("Visa sponsorship").selectOption("likely");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/jobs\?q=engineer&sponsorship=likely/);
    const summary = page.getByRole("heading", { name: /^\d[\d,]* jobs?/ });
    await expect(summary).toBeVisible();
    const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards.first()).toBeVisible();
    for (const card of (await cards.all()).slice(0, 5))
      await expect(card).toContainText("Likely eligible for sponsorship");
    await expect(page.getByLabel("Keywords")).toHaveValue("engineer");
    await expectNoA11yViolations(page, "/jobs with results");
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(summary).toContainText("page 2 of");
  });

  test("a search that finds nothing suggests a wider one, and a bad one says what is wrong", async ({ page }) => {
    await page.goto("/jobs?q=qqqzzzxxx&type=internship");
    await expect(page.getByRole("heading", { name: "No jobs match" })).toBeVisible();
    await page.getByRole("link", { name: "Search without the type filter" }).click();
    await expect(page).toHaveURL(/\/jobs\?q=qqqzzzxxx$/);

    await page.goto("/jobs?salary_min=lots");
    await expect(page.getByRole("alert")).toContainText("salary_min must be a whole number");
    await expect(page.getByLabel("Minimum salary")).toHaveValue("lots");
    await expectNoA11yViolations(page, "/jobs with an error");
  });

  test("a student opens a job and reads its sponsorship panel, with the job's structured data for search engines", async ({
    page,
  }) => {
    await page.goto("/jobs?q=software&sponsorship=likely");
    const first = page.getByRole("heading", { level: 3 }).first();
    const title = (await first.textContent())!;
    await first.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const panel = page.getByRole("region", { name: "Visa sponsorship" });
    await expect(panel).toContainText("Likely eligible for sponsorship");
    await expect(panel).toContainText(/meets the going rate of £[\d,]+ for [\d.]+ hours a week \(option A\)/);
    await expect(panel.getByRole("link", { name: /on the register of licensed sponsors$/ })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Skilled Worker visa: your job (GOV.UK)" })).toHaveAttribute(
      "href",
      "https://www.gov.uk/skilled-worker-visa/your-job",
    );
    // An employer's job (the search may list one an earlier file posted) takes applications on its page.
    const appliedHere = (await page.getByRole("heading", { level: 3, name: "Apply with your CV" }).count()) > 0;
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld).toMatchObject({
      "@type": "JobPosting",
      title,
      hiringOrganization: { name: expect.any(String) },
      datePosted: expect.any(String),
      directApply: appliedHere,
    });
    await expectNoA11yViolations(page, "a job page");
  });

  test("the part-time list shows the Student visa's hours and whether each job fits them", async ({
    page,
    loginAs,
  }) => {
    await page.goto("/part-time-jobs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Part-time jobs");
    await expect(
      page.getByRole("link", { name: "GOV.UK: what you can and cannot do with a Student visa" }),
    ).toBeVisible();
    const hours = page.getByText(
      /hours a week: (within a Student visa's term-time limit|over a Student visa's 20 in term time)/,
    );
    await expect(hours.first()).toBeVisible();
    await expect(page.getByLabel("Job type").locator("option")).toHaveText([/^Any$/, /^Part-time \(/, /^Temporary \(/]);
    await expectNoA11yViolations(page, "/part-time-jobs");

    await loginAs("predeparture", { to: "/jumpstart/part-time-jobs" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Part-time jobs for new arrivals");
    await expect(page.getByText("Once you arrive, a Student visa")).toBeVisible();
    await expectNoA11yViolations(page, "/jumpstart/part-time-jobs");
  });
});
