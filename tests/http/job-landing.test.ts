import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landingPage } from "~/features/jobs/landing-pages";
import { PAGE_ROUTES } from "~/route-table";
import { type TestServer, request, startServerWithFeed } from "./harness";

// The SEO landing pages and the India career fair, served by the production build, with a small
// job feed imported through `npm run jobs:import` as an operator would.
const MAIN_SITE = "https://careers.example";
/** The paths, written out rather than read from the code under test. */
const PATHS = [
  "/jobs-in-london",
  "/jobs-in-london-finance",
  "/india-career-fair",
  "/finance-internships-in-london",
  "/visa-sponsored-jobs-in-london",
  "/uk-visa-sponsored-jobs",
  "/marketing-jobs-in-london",
  "/internships-in-london",
  "/internships-in-uk",
  "/marketing-internships-in-london",
  "/law-internships-in-london",
];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const base = { description: "A job.", apply_email: "jobs@example.test" };
const FEED = [
  {
    ...base,
    id: "1",
    title: "Graduate accountant",
    employer: "Ledger and Co",
    town: "London",
    region: "London",
    type: "full-time",
    soc: "2421",
    salary: "£30,000 per annum",
    posted_at: daysAgo(1),
  },
  {
    ...base,
    id: "2",
    title: "Brand marketing intern",
    employer: "Bright Media",
    town: "London",
    region: "London",
    type: "internship",
    soc: "2432",
    salary: "£24,000 per annum",
    posted_at: daysAgo(2),
  },
  {
    ...base,
    id: "3",
    title: "Data analyst",
    employer: "Borough Council",
    town: "Leeds",
    region: "Yorkshire and the Humber",
    type: "full-time",
    soc: "3544",
    salary: "£30,000 per annum",
    posted_at: daysAgo(3),
  },
];

let server: TestServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, stop } = await startServerWithFeed("landing", FEED, { PUBLIC_URL: MAIN_SITE }));
});
afterAll(() => stop?.());

/** React separates adjacent text with comments; pages are compared without them. */
const get = async (p: string) => {
  const r = await request(server, { path: p });
  return { ...r, body: r.body.replaceAll("<!-- -->", "") };
};
const hrefs = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
type Ld = Record<string, unknown> & { "@type": string };
const structuredData = (html: string): Ld[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
/** The structured data of one type, in the shape a test reads. */
const ofType = <T>(ld: Ld[], type: string) => ld.find((l) => l["@type"] === type) as unknown as T;
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const jobLinks = (html: string) => hrefs(html).filter((h) => /^\/jobs\/[\w-]+$/.test(h));

describe("the landing pages", () => {
  it("are the route table's rows of the issue's paths, each with the landing module", () => {
    const rows = PAGE_ROUTES.filter((r) => r.module === "routes/public/jobs-in-london.tsx");
    expect(rows.map((r) => r.path).sort()).toEqual([...PATHS].sort());
    for (const row of rows) expect(row.guard, row.path).toBe("open");
  });

  it("answer 200 with their heading, canonical address, social tags and ItemList, FAQPage and breadcrumb data", async () => {
    for (const p of PATHS) {
      const page = landingPage(p)!;
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(h1(r.body), p).toBe(PAGE_ROUTES.find((row) => row.path === p)!.title);
      expect(r.body, p).toContain(`<title>${page.title} | Career Platform</title>`);
      expect(r.body, p).toContain(`<link rel="canonical" href="${MAIN_SITE}${p}"/>`);
      expect(r.body, p).toContain(`<meta property="og:url" content="${MAIN_SITE}${p}"/>`);
      expect(r.body, p).not.toContain('name="robots"');
      const ld = structuredData(r.body);
      const types = ld.map((l) => l["@type"]);
      expect(types, p).toEqual(expect.arrayContaining(["ItemList", "FAQPage", "BreadcrumbList"]));
      const faq = ofType<{ mainEntity: { name: string }[] }>(ld, "FAQPage");
      expect(
        faq.mainEntity.map((q) => q.name),
        p,
      ).toEqual(page.faq.map((q) => q.question));
      expect(r.body, p).toContain("Frequently asked questions</h2>");
      for (const q of page.faq)
        expect(r.body, p).toContain(`${q.question.replaceAll("'", "&#x27;").replaceAll('"', "&quot;")}</h3>`);
      expect(r.body, p).toContain('Last checked <time dateTime="2026-11-23">23 November 2026</time>');
      const list = ofType<{ itemListElement: { position: number; url: string }[] }>(ld, "ItemList");
      expect(
        list.itemListElement.map((e) => new URL(e.url).pathname),
        p,
      ).toEqual(jobLinks(r.body));
      expect(
        list.itemListElement.map((e) => e.position),
        p,
      ).toEqual(jobLinks(r.body).map((_, i) => i + 1));
    }
  });

  it("list the 20 newest jobs of their filter, as the job search API finds them, linking each job's page", async () => {
    for (const p of PATHS) {
      const { filter } = landingPage(p)!;
      // The API cannot filter by occupation or by several types: those are applied here to all its pages.
      const params = new URLSearchParams(
        Object.entries({
          location: filter.location,
          type: filter.type,
          sponsorship: filter.sponsorship,
          sort: "date",
        }).filter((e): e is [string, string] => !!e[1]),
      );
      const found: { slug: string; type: string; soc: { code: string } | null }[] = [];
      for (let page = 1; ; page++) {
        const answer = JSON.parse(
          (
            await request(server, {
              path: `/api/jobs?${params}&page=${page}`,
              headers: { "X-Requested-With": "XMLHttpRequest" },
            })
          ).body,
        );
        found.push(...answer.results);
        if (page * answer.pageSize >= answer.total) break;
      }
      const expected = found
        .filter((j) => !filter.within || filter.within.includes(j.type as never))
        .filter((j) => !filter.occupations || filter.occupations.some((o) => j.soc?.code.startsWith(o)))
        .map((j) => `/jobs/${j.slug}`);
      const r = await get(p);
      expect(jobLinks(r.body), p).toEqual(expected.slice(0, 20));
      if (expected.length === 0) {
        expect(r.body, p).toContain("No open jobs match this page right now.");
        expect(
          structuredData(r.body).find((l) => l["@type"] === "ItemList"),
          p,
        ).toMatchObject({ numberOfItems: 0, itemListElement: [] });
      } else if (!filter.within && !filter.occupations) {
        expect(r.body, p).toContain(`>See all ${expected.length} ${expected.length === 1 ? "job" : "jobs"}</a>`);
      }
    }
  });

  it("show the imported jobs where they belong, and the wider search where /jobs cannot list the same", async () => {
    const london = await get("/jobs-in-london");
    expect(london.body).toContain("Graduate accountant");
    expect(london.body).toContain("Brand marketing intern");
    expect(london.body).not.toContain("Data analyst");
    expect(hrefs(london.body)).toContain("/jobs?location=London");
    const first = await get(jobLinks(london.body)[0]!);
    expect(first.status).toBe(200);
    expect(h1(first.body)).toBe(/<h3[^>]*><a [^>]*>([^<]*)<\/a>/.exec(london.body)?.[1]);

    const finance = await get("/jobs-in-london-finance");
    expect(finance.body).toContain("Graduate accountant");
    expect(finance.body).not.toContain("Brand marketing intern");
    // /jobs has no occupation filter: the page offers the wider search by its name instead.
    expect(finance.body).toMatch(/<a [^>]*href="\/jobs\?location=London"[^>]*>Search every job in London<\/a>/);
    expect(finance.body).not.toContain("See all");
    expect((await get("/internships-in-uk")).body).toContain("Brand marketing intern");
    expect((await get("/marketing-internships-in-london")).body).toContain("Brand marketing intern");
  });

  it("say when nothing matches and point to the full search", async () => {
    // Test servers hold no sponsor register, so no job is likely to be sponsored.
    const r = await get("/uk-visa-sponsored-jobs");
    expect(r.body).toContain("No open jobs match this page right now.");
    expect(hrefs(r.body)).toContain("/jobs");
    expect(structuredData(r.body).find((l) => l["@type"] === "ItemList")).toMatchObject({
      numberOfItems: 0,
      itemListElement: [],
    });
  });

  it("give the fair its date in India and in the UK, and Event data for an online event at its page", async () => {
    const r = await get("/india-career-fair");
    expect(r.body).toContain("Wednesday 20 January 2027");
    expect(r.body).toContain("10:00 to 16:00 India Standard Time (IST)");
    expect(r.body).toContain("04:30 to 10:30 UK time (GMT)");
    expect(hrefs(r.body)).toEqual(
      expect.arrayContaining(["/login", "/jumpstart-login", "/jobs?sponsorship=new-entrant"]),
    );
    const event = structuredData(r.body).find((l) => l["@type"] === "Event");
    expect(event).toMatchObject({
      name: "India career fair",
      startDate: "2027-01-20T10:00:00+05:30",
      endDate: "2027-01-20T16:00:00+05:30",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: `${MAIN_SITE}/india-career-fair` },
      organizer: { "@type": "Organization", name: "Career Platform", url: `${MAIN_SITE}/` },
    });
  });

  it("link only our pages that answer, and official pages over https", async () => {
    const internal = new Set<string>();
    for (const p of PATHS) {
      for (const href of hrefs((await get(p)).body)) {
        if (href.startsWith("/") && !href.startsWith("//")) internal.add(href);
        else expect(href, p).toMatch(/^(https:\/\/|mailto:|#)/);
      }
    }
    for (const href of internal) expect((await request(server, { path: href })).status, href).toBe(200);
  });

  it("are in the sitemap", async () => {
    const r = await get("/sitemap.xml");
    const locs = [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of PATHS) expect(locs, p).toContain(`${MAIN_SITE}${p}`);
  });
});
