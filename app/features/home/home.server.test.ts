import { inArray } from "drizzle-orm";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type GuideRule, countryGuidePages, jobPostings } from "~/db/schema";
import { syncContent } from "~/features/content/sync.server";
import { syncCountryGuides } from "~/features/country-guides/content-sync.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  HOME_CONTENT_TTL_MS,
  HOME_JOBS,
  cachedHomeContent,
  guideHighlights,
  homeContent,
  latestJobsIn,
} from "./home.server";
import { homeVariant } from "./variants";

const NOW = new Date("2026-11-23T12:00:00Z");
const TODAY = "2026-11-23";
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

let database: Database;
let sequence = 0;

/** A job with what a listing needs, any field overridden; its slug is returned. */
async function insertJob(overrides: Partial<typeof jobPostings.$inferInsert>): Promise<string> {
  const id = `home-${++sequence}`;
  const [row] = await database.db
    .insert(jobPostings)
    .values({
      slug: id,
      source: "home-test",
      externalId: id,
      title: `Job ${id}`,
      employerName: "Acme Ltd",
      type: "full-time",
      descriptionMarkdown: "A job.",
      descriptionHtml: "<p>A job.</p>",
      postedAt: NOW,
      ...overrides,
    })
    .returning();
  return row!.slug;
}

async function insertGuidePage(
  country: string,
  page: string,
  summary: string,
  options: { status?: "published" | "draft"; rules?: GuideRule[] } = {},
) {
  await database.db.insert(countryGuidePages).values({
    slug: `${country}/${page}`,
    country,
    page,
    title: `${page} title`,
    summary,
    bodyHtml: "<p>Body.</p>",
    sources: [{ title: "Official", url: "https://www.gov.ie/" }],
    rules: options.rules ?? [],
    readingMinutes: 3,
    reviewedOn: "2026-11-25",
    status: options.status ?? "published",
    sourceHash: "hash",
    updatedAt: NOW,
  });
}

const jobs: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  jobs.gbNewest = await insertJob({ country: "GB", title: "Data analyst", postedAt: hoursAgo(1) });
  jobs.gbTied = await insertJob({ country: "GB", postedAt: hoursAgo(5) });
  jobs.gbTiedLater = await insertJob({ country: "GB", postedAt: hoursAgo(5) });
  jobs.gbClosingToday = await insertJob({ country: "GB", postedAt: hoursAgo(30), closingDate: TODAY });
  jobs.gbNoClosingDate = await insertJob({ country: "GB", postedAt: hoursAgo(60), closingDate: null });
  // Newer than every open GB job, but not open to applicants.
  jobs.gbClosed = await insertJob({ country: "GB", postedAt: NOW, status: "closed", closedAt: NOW });
  jobs.gbPastClosingDate = await insertJob({ country: "GB", postedAt: NOW, closingDate: "2026-11-22" });
  jobs.au = await insertJob({ country: "AU", title: "Graduate engineer", town: "Melbourne", postedAt: hoursAgo(2) });
  jobs.auClosed = await insertJob({ country: "AU", postedAt: NOW, status: "closed", closedAt: NOW });
  jobs.ie = await insertJob({ country: "IE", title: "Software developer", town: "Dublin", postedAt: hoursAgo(3) });
});
afterAll(() => database?.close());

describe("latestJobsIn", () => {
  it("lists a country's open jobs newest first, leaving out closed jobs, those past their closing date and other countries'", async () => {
    expect(await latestJobsIn(database.db, "GB", TODAY)).toMatchObject(
      // Posted at the same moment: the later row (higher id) first, as the job lists order them.
      [jobs.gbNewest, jobs.gbTiedLater, jobs.gbTied, jobs.gbClosingToday, jobs.gbNoClosingDate].map((slug) => ({
        slug,
        country: "GB",
        status: "open",
      })),
    );
    expect((await latestJobsIn(database.db, "AU", TODAY)).map((j) => [j.slug, j.title, j.town])).toEqual([
      [jobs.au, "Graduate engineer", "Melbourne"],
    ]);
    expect(await latestJobsIn(database.db, "CA", TODAY)).toEqual([]);
  });

  it("counts a closing date against the day it is given", async () => {
    // The day after, the job closing on 23 November has gone.
    expect((await latestJobsIn(database.db, "GB", "2026-11-24")).map((j) => j.slug)).toEqual([
      jobs.gbNewest,
      jobs.gbTiedLater,
      jobs.gbTied,
      jobs.gbNoClosingDate,
    ]);
  });

  it(`lists at most ${HOME_JOBS}, or the limit given`, async () => {
    expect((await latestJobsIn(database.db, "GB", TODAY, 2)).map((j) => j.slug)).toEqual([
      jobs.gbNewest,
      jobs.gbTiedLater,
    ]);
    const extra: string[] = [];
    for (let i = 0; i < HOME_JOBS; i++) extra.push(await insertJob({ country: "IE", postedAt: hoursAgo(100 + i) }));
    const listed = await latestJobsIn(database.db, "IE", TODAY);
    expect(listed.map((j) => j.slug)).toEqual([jobs.ie, ...extra.slice(0, HOME_JOBS - 1)]);
  });
});

describe("guideHighlights", () => {
  const VISA_RULES: GuideRule[] = [
    {
      rule: "Stamp 2: up to 20 hours' work a week",
      from: "2016-09-01",
      source: "https://www.irishimmigration.ie/stamp-2",
    },
    {
      rule: "Stamp 1G after a level 8 award: 12 months",
      from: "2017-05-31",
      source: "https://www.irishimmigration.ie/stamp-1g",
    },
    {
      rule: "Critical Skills Employment Permit: minimum annual salary €40,904",
      from: "2026-03-01",
      source: "https://enterprise.gov.ie/csep",
    },
  ];

  beforeAll(async () => {
    await insertGuidePage("ireland", "overview", "From Stamp 2 to Stamp 1G.");
    await insertGuidePage("ireland", "networking", "Contacts matter in a small country.");
    await insertGuidePage("ireland", "job-market", "Where graduate jobs are.");
    await insertGuidePage("ireland", "cv", "A draft about CVs.", { status: "draft" });
    await insertGuidePage("ireland", "visa-details", "Stamps and permits.", { rules: VISA_RULES });
    // Canada has its visa page but no overview yet.
    await insertGuidePage("canada", "visa-details", "Permits.", {
      rules: [{ rule: "A PGWP lasts up to 3 years", from: "2024-02-15", source: "https://www.canada.ca/pgwp" }],
    });
  });

  it("features the overview's summary and the published sections asked for, in the order asked", async () => {
    const { guide } = await guideHighlights(
      database.db,
      "ireland",
      ["job-market", "job-search", "cv", "networking"],
      [],
    );
    expect(guide).toEqual({
      country: "ireland",
      place: "Ireland",
      summary: "From Stamp 2 to Stamp 1G.",
      sections: [
        { page: "job-market", title: "Job market", summary: "Where graduate jobs are." },
        { page: "networking", title: "Networking", summary: "Contacts matter in a small country." },
      ],
    });
  });

  it("takes the visa panel's rules from the visa-details page, as the picks name them", async () => {
    const { visas } = await guideHighlights(
      database.db,
      "ireland",
      [],
      ["Critical Skills", "Stamp 1G after a level 8"],
    );
    expect(visas).toEqual({ country: "ireland", rules: [VISA_RULES[2], VISA_RULES[1]] });
  });

  it("leaves out what is not published: no guide without its overview, no panel without the visa page", async () => {
    const canada = await guideHighlights(database.db, "canada", ["cv"], ["PGWP"]);
    expect(canada.guide).toBeNull();
    expect(canada.visas?.rules.map((r) => r.from)).toEqual(["2024-02-15"]);
    expect(await guideHighlights(database.db, "australia", ["cv"], ["485"])).toEqual({ guide: null, visas: null });
  });
});

describe("homeContent, on the shipped country guides", () => {
  beforeAll(async () => {
    await database.db.delete(countryGuidePages);
    const report = await syncContent(database.db, path.join(import.meta.dirname, "../../../content"), [
      syncCountryGuides,
    ]);
    expect(report.problems).toEqual([]);
  });

  it.each([
    [226, "uk", "GB"],
    [14, "australia", "AU"],
    [39, "canada", "CA"],
    [104, "ireland", "IE"],
    [999, "uk", "GB"],
  ] as const)(
    "SYSTEM_COUNTRY_ID %i features the %s guide, its main visa routes and jobs in %s",
    async (id, country, code) => {
      const variant = homeVariant(id);
      const content = await homeContent(database.db, variant, NOW);
      expect(content.guide?.country).toBe(country);
      // Every section the variant features is published in the shipped guide.
      expect(content.guide?.sections.map((s) => s.page)).toEqual(variant.guideSections);
      // Every pick still names a rule of the guide's visa page (a reworded rule would fall back silently).
      expect(content.visas?.country).toBe(country);
      expect(content.visas?.rules).toHaveLength(variant.visaRules.length);
      content.visas!.rules.forEach((r, i) =>
        expect(r.rule.toLowerCase(), variant.visaRules[i]).toContain(variant.visaRules[i]!.toLowerCase()),
      );
      const countries = content.jobs.length
        ? await database.db
            .select({ country: jobPostings.country })
            .from(jobPostings)
            .where(
              inArray(
                jobPostings.slug,
                content.jobs.map((j) => j.slug),
              ),
            )
        : [];
      expect(countries.map((c) => c.country)).toEqual(content.jobs.map(() => code));
    },
  );

  it("shows the guides' own words and dates, and the jobs as the job lists do", async () => {
    const uk = await homeContent(database.db, homeVariant(226), NOW);
    expect(uk.guide?.summary).toBe(
      "What this guide covers, the main routes to staying and working in the UK after a UK degree, and how to plan your job search around the date your Student visa ends.",
    );
    expect(uk.visas?.rules[0]).toEqual({
      rule: "A Graduate visa lasts 2 years after a bachelor's or master's degree, or 3 years after a PhD, and cannot be extended",
      from: "2021-07-01",
      source: "https://www.gov.uk/graduate-visa",
    });
    expect(uk.jobs.map((j) => j.slug)).toEqual([
      jobs.gbNewest,
      jobs.gbTiedLater,
      jobs.gbTied,
      jobs.gbClosingToday,
      jobs.gbNoClosingDate,
    ]);
    expect(uk.jobs[0]).toMatchObject({
      title: "Data analyst",
      url: `/jobs/${jobs.gbNewest}`,
      employer: { name: "Acme Ltd" },
    });
    // Only what the job cards show goes into the page: not the occupation, nor the sponsorship reasons.
    expect(uk.jobs[0]).not.toHaveProperty("soc");
    expect(Object.keys(uk.jobs[0]!.sponsorship)).toEqual(["status"]);
    expect(Object.keys(uk.jobs[0]!.location).sort()).toEqual(["region", "remote", "town"]);

    const australia = await homeContent(database.db, homeVariant(14), NOW);
    expect(australia.jobs.map((j) => [j.title, j.location.town])).toEqual([["Graduate engineer", "Melbourne"]]);
    expect(australia.visas?.rules.map((r) => r.from)).toEqual(["2024-07-01", "2024-07-01", "2024-12-07", "2019-11-16"]);

    const canada = await homeContent(database.db, homeVariant(39), NOW);
    expect(canada.jobs).toEqual([]);
    expect(canada.guide?.sections.map((s) => s.title)).toEqual(["Job market", "Job search", "CV", "Networking"]);
  });
});

describe("cachedHomeContent", () => {
  it("works the content out once a minute for a variant, so a new job shows within the minute", async () => {
    const variant = homeVariant(104);
    const at = new Date("2026-11-23T12:00:00Z");
    const first = await cachedHomeContent(database.db, variant, at);
    const slug = await insertJob({ country: "IE", postedAt: new Date("2026-11-23T11:59:00Z") });
    expect(
      (await cachedHomeContent(database.db, variant, new Date(at.getTime() + HOME_CONTENT_TTL_MS - 1))).jobs,
    ).toEqual(first.jobs);
    const later = await cachedHomeContent(database.db, variant, new Date(at.getTime() + HOME_CONTENT_TTL_MS));
    expect(later.jobs[0]!.slug).toBe(slug);
  });
});
