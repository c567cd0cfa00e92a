import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/** The addresses the page's ItemList gives, as paths. */
async function itemListPaths(page: Page): Promise<string[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = scripts.map((s) => JSON.parse(s)).find((ld) => ld["@type"] === "ItemList");
  return list.itemListElement.map((e: { url: string }) => new URL(e.url).pathname);
}

test.describe("job landing pages", () => {
  test.beforeAll(async ({ request }) => {
    // The embedded database generates its demo jobs in the background after the demo register is in.
    await expect
      .poll(async () => (await (await request.get("/api/jobs")).json()).total, { timeout: 60_000 })
      .toBeGreaterThan(1_000);
  });

  test("a student reads the London jobs page, its questions, and opens a job", async ({ page }) => {
    await page.goto("/jobs-in-london");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs in London");
    const jobs = page.getByRole("region", { name: "Latest jobs in London" });
    const titles = jobs.getByRole("heading", { level: 3 });
    await expect(titles.first()).toBeVisible();
    const cards = jobs.getByRole("article");
    for (const card of (await cards.all()).slice(0, 5)) await expect(card).toContainText("London");
    // The structured data lists the jobs the page shows, in the same order.
    const links = await titles
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(await itemListPaths(page)).toEqual(links);
    await expect(jobs.getByRole("link", { name: /^See all [\d,]+ jobs$/ })).toHaveAttribute(
      "href",
      "/jobs?location=London",
    );
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    await expect(faq.getByRole("heading", { level: 3, name: "Can I work in London while I study?" })).toBeVisible();
    await expect(
      faq.getByRole("link", { name: "GOV.UK: what you can and cannot do with a Student visa" }).first(),
    ).toHaveAttribute("href", "https://www.gov.uk/student-visa");
    await expectNoA11yViolations(page, "/jobs-in-london");

    const title = (await titles.first().textContent())!;
    await titles.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("the UK internships page lists only internships, or says there are none", async ({ page }) => {
    await page.goto("/internships-in-uk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internships in the UK");
    const cards = page.getByRole("region", { name: "Latest internships in the UK" }).getByRole("article");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("Internship");
    await expectNoA11yViolations(page, "/internships-in-uk");
  });

  test("the India career fair gives its date in both countries and the jobs open to new graduates", async ({
    page,
  }) => {
    await page.goto("/india-career-fair");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("India career fair");
    const about = page.getByRole("region", { name: "About the fair" });
    await expect(about).toContainText("Wednesday 20 January 2027");
    await expect(about).toContainText("10:00 to 16:00 India Standard Time (IST)");
    await expect(about).toContainText("04:30 to 10:30 UK time (GMT)");
    await expect(about.getByRole("heading", { level: 3, name: "How to take part" })).toBeVisible();
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const event = scripts.map((s) => JSON.parse(s)).find((ld) => ld["@type"] === "Event");
    expect(event).toMatchObject({
      name: "India career fair",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation" },
    });
    const jobs = page.getByRole("region", { name: "Jobs open to new graduates" });
    const cards = jobs.getByRole("article");
    await expect(cards.first()).toBeVisible();
    for (const card of (await cards.all()).slice(0, 5))
      await expect(card).toContainText("Eligible at the new-entrant rate");
    await expectNoA11yViolations(page, "/india-career-fair");

    await jobs.getByRole("heading", { level: 3 }).first().getByRole("link").click();
    await expect(page.getByRole("region", { name: "Visa sponsorship" })).toContainText(
      "Eligible at the new-entrant rate",
    );
  });
});
