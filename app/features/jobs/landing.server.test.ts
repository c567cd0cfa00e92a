import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { JobType } from "~/db/schema/job-posting-values";
import { importRegister } from "~/features/sponsors/import.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";
import { LANDING_PAGES, type LandingPage, landingPage } from "./landing-pages";
import { landingJobs, landingLd, moreJobsLink } from "./landing.server";
import { readJobSearch } from "./search-params";
import { searchJobs } from "./search.server";

const REGISTER = `Organisation Name,Town/City,County,Type & Rating,Route
Acme Software Limited,London,,Worker (A rating),Skilled Worker
`;
const NOW = new Date("2026-11-23T12:00:00Z");
const ORIGIN = "https://careers.example";
const days = (n: number) => new Date(NOW.getTime() - n * 3_600_000 * 24).toISOString();
const base = { employer: "Acme Software Ltd", description: "A job.", apply_email: "jobs@acme.example" };

/**
 * The feed, with the sponsorship status each job should get worked out by hand from HC 997 (the
 * employer is an A-rated Skilled Worker sponsor): 2134's going rate is £54,700 and its new-entrant
 * rate £38,300; 2421's going rate is £49,200. `status` is left out of the feed.
 */
type Fixture = {
  id: string;
  title: string;
  town: string;
  region: string;
  type: JobType;
  soc?: string;
  salary: string;
  posted_at: string;
  employer?: string;
  status?: "likely" | "new-entrant";
};
const FIXTURES: Fixture[] = [
  {
    id: "1",
    title: "Software developer",
    town: "London",
    region: "London",
    type: "full-time",
    soc: "2134",
    salary: "£56,000 per annum",
    posted_at: days(1),
    status: "likely",
  },
  {
    id: "2",
    title: "Junior developer",
    town: "London",
    region: "London",
    type: "full-time",
    soc: "2134",
    salary: "£40,000 per annum",
    posted_at: days(2),
    status: "new-entrant",
  },
  {
    id: "3",
    title: "Graduate developer",
    town: "Leeds",
    region: "Yorkshire and the Humber",
    type: "graduate-scheme",
    soc: "2134",
    salary: "£40,000 per annum",
    posted_at: days(3),
    status: "new-entrant",
  },
  {
    id: "4",
    title: "Developer intern",
    town: "London",
    region: "London",
    type: "internship",
    soc: "2134",
    salary: "£40,000 per annum",
    posted_at: days(4),
    status: "new-entrant",
  },
  {
    id: "5",
    title: "Investment analyst intern",
    town: "London",
    region: "London",
    type: "internship",
    soc: "2422",
    salary: "£25,000 per annum",
    posted_at: days(5),
  },
  {
    id: "6",
    title: "Accountant",
    town: "London",
    region: "London",
    type: "full-time",
    soc: "2421",
    salary: "£52,000 per annum",
    posted_at: days(6),
    status: "likely",
  },
  {
    id: "7",
    title: "Marketing intern",
    employer: "Bright Media",
    town: "Manchester",
    region: "North West",
    type: "internship",
    soc: "2432",
    salary: "£22,000 per annum",
    posted_at: days(7),
  },
  {
    id: "8",
    title: "Brand marketing intern",
    employer: "Bright Media",
    town: "London",
    region: "London",
    type: "internship",
    soc: "2432",
    salary: "£24,000 per annum",
    posted_at: days(8),
  },
  {
    id: "9",
    title: "Trainee solicitor vacation scheme",
    employer: "Temple Law LLP",
    town: "London",
    region: "London",
    type: "internship",
    soc: "2412",
    salary: "£600 per week",
    posted_at: days(9),
  },
  {
    id: "10",
    title: "Paralegal intern",
    employer: "Temple Law LLP",
    town: "London",
    region: "London",
    type: "internship",
    soc: "3520",
    salary: "£23,000 per annum",
    posted_at: days(10),
  },
  {
    id: "11",
    title: "Marketing executive",
    employer: "Bright Media",
    town: "London",
    region: "London",
    type: "full-time",
    soc: "3554",
    salary: "£30,000 per annum",
    posted_at: days(11),
  },
  {
    id: "12",
    title: "Senior developer",
    town: "Leeds",
    region: "Yorkshire and the Humber",
    type: "full-time",
    soc: "2134",
    salary: "£60,000 per annum",
    posted_at: days(12),
    status: "likely",
  },
  {
    id: "13",
    title: "Audit intern",
    town: "Westminster",
    region: "London",
    type: "internship",
    soc: "2421",
    salary: "£26,000 per annum",
    posted_at: days(13),
  },
  {
    id: "14",
    title: "Tax adviser",
    town: "Leeds",
    region: "Yorkshire and the Humber",
    type: "full-time",
    soc: "2423",
    salary: "£50,000 per annum",
    posted_at: days(14),
    status: "likely",
  },
  // More London jobs than a page shows, so the newest 20 are picked from them.
  ...Array.from(
    { length: 21 },
    (_, i): Fixture => ({
      id: `b${i}`,
      title: `Barista ${i + 1}`,
      employer: "Bean Co",
      town: "London",
      region: "London",
      type: "part-time",
      salary: "£12.50 per hour",
      posted_at: days(20 + i),
    }),
  ),
];

/** Whether a fixture belongs on a page, judged from the fixture alone (not by the code under test). */
function belongs(job: Fixture, page: LandingPage): boolean {
  const f = page.filter;
  if (
    f.location &&
    job.town.toLowerCase() !== f.location.toLowerCase() &&
    job.region.toLowerCase() !== f.location.toLowerCase()
  )
    return false;
  if (f.type && job.type !== f.type) return false;
  if (f.within && !f.within.includes(job.type)) return false;
  if (f.sponsorship && job.status !== f.sponsorship) return false;
  if (f.occupations && !(job.soc && f.occupations.some((p) => job.soc!.startsWith(p)))) return false;
  return true;
}
const newestFirst = (a: Fixture, b: Fixture) => b.posted_at.localeCompare(a.posted_at);

let database: Database;
let rules: RuleSet;
beforeAll(async () => {
  database = await createTestDatabase();
  rules = (await ruleSetFor("2026-11-23"))!;
  await importRegister(
    database.db,
    (async function* () {
      yield REGISTER;
    })(),
    { registerDate: "2026-06-25", source: "fixture" },
  );
  const lines = FIXTURES.map(({ status: _status, ...job }) => JSON.stringify({ ...base, ...job }));
  const feed = await readFeed(
    (async function* () {
      yield lines.join("\n");
    })(),
    "jsonl",
  );
  const imported = await importJobs(database.db, feed, { source: "test", now: NOW, today: "2026-11-23", rules });
  expect(imported.ok).toBe(true);
});
afterAll(() => database?.close());

const jobsOf = (page: LandingPage) => landingJobs(database.db, page, NOW, rules.occupations);

describe("landingJobs", () => {
  it("lists on each page exactly the jobs its filter describes, the 20 newest, and counts them all", async () => {
    for (const page of LANDING_PAGES) {
      const expected = FIXTURES.filter((job) => belongs(job, page)).sort(newestFirst);
      const { total, results } = await jobsOf(page);
      expect(total, page.path).toBe(expected.length);
      expect(
        results.map((r) => r.title),
        page.path,
      ).toEqual(expected.slice(0, 20).map((j) => j.title));
    }
    // The fixture gives every page something to list, and one page more than a page's worth.
    for (const page of LANDING_PAGES) expect((await jobsOf(page)).total, page.path).toBeGreaterThan(0);
    expect((await jobsOf(landingPage("/jobs-in-london")!)).total).toBeGreaterThan(20);
  });

  it("lists only jobs that satisfy the page: London ones in London, internships only, sponsorship as named", async () => {
    for (const page of LANDING_PAGES) {
      const { results } = await jobsOf(page);
      for (const job of results) {
        const where = `${page.path}: ${job.title}`;
        if (page.path.includes("london")) expect([job.location.town, job.location.region], where).toContain("London");
        if (page.path.includes("internships")) expect(job.type, where).toBe("internship");
        if (page.path.includes("visa-sponsored")) expect(job.sponsorship.status, where).toBe("likely");
        if (page.path === "/india-career-fair") {
          expect(job.sponsorship.status, where).toBe("new-entrant");
          expect(["full-time", "graduate-scheme"], where).toContain(job.type);
        }
        if (page.filter.occupations)
          expect(
            page.filter.occupations.some((p) => job.soc?.code.startsWith(p)),
            where,
          ).toBe(true);
      }
    }
  });

  it("links the /jobs search that gives the same jobs, or for a field or a set of types the wider search it names", async () => {
    expect(moreJobsLink(landingPage("/jobs-in-london")!)).toEqual({ href: "/jobs?location=London", exact: true });
    expect(moreJobsLink(landingPage("/internships-in-london")!)).toEqual({
      href: "/jobs?location=London&type=internship",
      exact: true,
    });
    expect(moreJobsLink(landingPage("/uk-visa-sponsored-jobs")!)).toEqual({
      href: "/jobs?sponsorship=likely",
      exact: true,
    });
    expect(moreJobsLink(landingPage("/law-internships-in-london")!)).toEqual({
      href: "/jobs?location=London&type=internship",
      exact: false,
      label: "Search every internship in London",
    });
    expect(moreJobsLink(landingPage("/india-career-fair")!)).toEqual({
      href: "/jobs?sponsorship=new-entrant",
      exact: false,
      label: "Search every job eligible at the new-entrant rate",
    });
    for (const page of LANDING_PAGES) {
      const more = moreJobsLink(page);
      const read = readJobSearch(new URL(more.href, ORIGIN).searchParams);
      expect(read.ok, more.href).toBe(true);
      if (!read.ok) continue;
      const searched = await searchJobs(database.db, read.search, NOW, rules.occupations);
      const { total } = await jobsOf(page);
      if (more.exact) expect(searched.total, page.path).toBe(total);
      else expect(searched.total, page.path).toBeGreaterThan(total);
    }
  });
});

describe("landingLd", () => {
  it("lists the shown jobs in order as an ItemList, each with its position and address", async () => {
    for (const page of LANDING_PAGES) {
      const { results } = await jobsOf(page);
      const [itemList] = landingLd(page, results, ORIGIN).filter(
        (ld) => (ld as { "@type": string })["@type"] === "ItemList",
      ) as { numberOfItems: number; itemListElement: { position: number; url: string; name: string }[] }[];
      expect(itemList!.numberOfItems, page.path).toBe(results.length);
      expect(
        itemList!.itemListElement.map((e) => e.position),
        page.path,
      ).toEqual(results.map((_, i) => i + 1));
      expect(
        itemList!.itemListElement.map((e) => e.url),
        page.path,
      ).toEqual(results.map((r) => `${ORIGIN}/jobs/${r.slug}`));
    }
    const empty = landingLd(landingPage("/jobs-in-london")!, [], ORIGIN).find(
      (ld) => (ld as { "@type": string })["@type"] === "ItemList",
    );
    expect(empty).toMatchObject({ numberOfItems: 0, itemListElement: [] });
  });

  it("gives the FAQ as an FAQPage with links made absolute and text escaped, and breadcrumbs", () => {
    const page = landingPage("/jobs-in-london")!;
    const ld = landingLd(page, [], ORIGIN) as Record<string, unknown>[];
    expect(ld.map((l) => l["@type"])).toEqual(["ItemList", "FAQPage", "BreadcrumbList"]);
    const faq = ld[1] as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faq.mainEntity.map((q) => q.name)).toEqual(page.faq.map((q) => q.question));
    const answers = faq.mainEntity.map((q) => q.acceptedAnswer.text).join("\n");
    expect(answers).toContain(
      '<a href="https://www.gov.uk/student-visa">GOV.UK: what you can and cannot do with a Student visa</a>',
    );
    expect(answers).toContain(`<a href="${ORIGIN}/part-time-jobs">`);
    expect(answers).toContain("university&#39;s official vacations");
    expect(answers).toContain("&quot;Likely eligible for sponsorship&quot;");
    expect(ld[2]).toMatchObject({
      itemListElement: [
        { position: 1, item: `${ORIGIN}/` },
        { position: 2, item: `${ORIGIN}/jobs` },
        { position: 3, name: "Jobs in London", item: `${ORIGIN}/jobs-in-london` },
      ],
    });
  });

  it("describes the fair as an online event at its page, organised by the site", () => {
    const ld = landingLd(landingPage("/india-career-fair")!, [], ORIGIN) as Record<string, unknown>[];
    expect(ld.map((l) => l["@type"])).toEqual(["Event", "ItemList", "FAQPage", "BreadcrumbList"]);
    expect(ld[0]).toEqual({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "India career fair",
      description: expect.stringContaining("online careers fair"),
      startDate: "2027-01-20T10:00:00+05:30",
      endDate: "2027-01-20T16:00:00+05:30",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: `${ORIGIN}/india-career-fair` },
      isAccessibleForFree: true,
      organizer: { "@type": "Organization", name: "Career Platform", url: `${ORIGIN}/` },
      url: `${ORIGIN}/india-career-fair`,
    });
    expect(ld[3]).toMatchObject({
      itemListElement: [{ name: "Home" }, { name: "India career fair", item: `${ORIGIN}/india-career-fair` }],
    });
  });
});
