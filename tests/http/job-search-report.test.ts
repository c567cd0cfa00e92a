import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, request, startServerWithFeed } from "./harness";

// The public job search report, served by the production build: the register held (the small
// sample) and a small job feed imported as `npm run jobs:import` would.
const PATH = "/international-student-job-search-report";
const MAIN_SITE = "https://careers.example";
const SAMPLE_REGISTER = "seed-data/uk-sponsor-register/format-sample-2026-06-26.csv";
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const base = { description: "A job.", apply_email: "jobs@example.test", town: "London", region: "London" };
const FEED = [
  {
    ...base,
    id: "1",
    title: "Graduate accountant",
    employer: "Ledger and Co",
    type: "full-time",
    soc: "2421",
    salary: "£45,000 per annum",
    posted_at: daysAgo(1),
  },
  {
    ...base,
    id: "2",
    title: "Marketing intern",
    employer: "Bright Media",
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
    type: "full-time",
    soc: "3544",
    posted_at: daysAgo(3),
  },
];

let server: TestServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, stop } = await startServerWithFeed("report", FEED, {
    PUBLIC_URL: MAIN_SITE,
    DEMO_SPONSOR_REGISTER: SAMPLE_REGISTER,
    DEMO_JOBS: "0",
  }));
  // The embedded database imports the register after the server starts serving.
  if (!server.env.DATABASE_URL) await server.waitForOutput("Imported the demo sponsor register of 2026-06-26");
});
afterAll(() => stop?.());

/** React separates adjacent text with comments; pages are compared without them. */
const get = async (p: string) => {
  const r = await request(server, { path: p });
  return { ...r, body: r.body.replaceAll("<!-- -->", "") };
};
const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replace(/\s+/g, " ")
    .trim();
/** The page's text, as a reader meets it. */
const textOf = (html: string) => decode(html.replace(/<(script|style|svg)\b[\s\S]*?<\/\1>/g, " "));

/** A chart's data table on the page, as rows of text (numbers without their thousands commas). */
function tableOf(body: string, id: string): string[][] {
  const start = body.indexOf(`id="${id}-caption"`);
  expect(start, `the table of ${id}`).toBeGreaterThan(0);
  const table = body.slice(start, body.indexOf("</table>", start));
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((tr) =>
    [...tr[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)]
      .map((c) => decode(c[1]!))
      .map((cell) => (/^[\d,]+(\.\d+)?$/.test(cell) ? cell.replaceAll(",", "") : cell)),
  );
}
const sumOf = (rows: string[][]) => rows.slice(1).reduce((s, r) => s + Number(r[1]), 0);
/** The figure shown under a label in the key figures. */
const figure = (body: string, label: string) =>
  Number(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([\\d,]+)</dd>`).exec(body)?.[1]?.replaceAll(",", ""));

const UK_DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

describe("the job search report", () => {
  it("answers 200, indexable, with its title, description and canonical address", async () => {
    const r = await get(PATH);
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/html/);
    expect(r.body).not.toContain("being built");
    expect(r.body).toContain("<title>International student job search report | Career Platform</title>");
    expect(r.body).toContain(`<link rel="canonical" href="${MAIN_SITE}${PATH}"/>`);
    expect(r.body).toMatch(/<meta name="description" content="How many UK employers can sponsor a work visa[^"]*"\/>/);
    expect(r.body).not.toMatch(/<meta name="robots"/);
    expect(r.body).toMatch(/<h1[^>]*>International student job search report<\/h1>/);
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.body).toContain(`<loc>${MAIN_SITE}${PATH}</loc>`);
  });

  it("draws each chart on the server as an image named by its heading, followed by its table", async () => {
    const { body } = await get(PATH);
    for (const chart of ["by-route", "by-rating", "by-town", "jobs-by-sponsorship", "jobs-by-salary"]) {
      expect(body).toMatch(new RegExp(`<svg[^>]*aria-labelledby="${chart}-title"[^>]*>`));
      const rows = tableOf(body, chart);
      expect(rows.length, chart).toBeGreaterThan(1);
      // The table comes after its chart, in a region a keyboard can scroll.
      expect(body.indexOf(`id="${chart}-caption"`)).toBeGreaterThan(body.indexOf(`aria-labelledby="${chart}-title"`));
      expect(body).toMatch(new RegExp(`<div role="region" aria-labelledby="${chart}-caption" tabindex="0"`));
    }
    // The Content-Security-Policy refuses inline styles.
    expect(body).not.toMatch(/<[a-z]+[^>]* style="/);
  });

  it("counts the register's organisations by route, type and rating, and town", async () => {
    const { body } = await get(PATH);
    const organisations = figure(body, "Organisations licensed to sponsor workers");
    expect(organisations).toBeGreaterThan(0);
    const routes = tableOf(body, "by-route");
    expect(routes[0]).toEqual(["Route", "Organisations", "Share of all organisations (%)"]);
    expect(routes.map((r) => r[0])).toContain("Skilled Worker");
    expect(figure(body, "Visa routes they are licensed for")).toBe(routes.length - 1);
    // An organisation counts once on each route it holds: at least as many as there are organisations.
    expect(sumOf(routes)).toBeGreaterThanOrEqual(organisations);
    expect(tableOf(body, "by-rating").map((r) => r[0])).toContain("Worker (A rating)");
    const towns = tableOf(body, "by-town");
    expect(towns[0]).toEqual(["Town or city", "Organisations", "Share of all organisations (%)"]);
    expect(towns.length - 1).toBeLessThanOrEqual(20);
    expect(sumOf(towns)).toBeLessThanOrEqual(organisations);
  });

  it("counts the open jobs by sponsorship status and salary band, the imported ones among them", async () => {
    const { body } = await get(PATH);
    const open = figure(body, "Open jobs on this site");
    expect(open).toBeGreaterThanOrEqual(FEED.length);
    const sponsorship = tableOf(body, "jobs-by-sponsorship");
    expect(sponsorship[0]).toEqual(["Sponsorship status", "Open jobs", "Share of open jobs (%)"]);
    expect(sponsorship.slice(1).map((r) => r[0])).toEqual([
      "Likely eligible for sponsorship",
      "Eligible at the new-entrant rate",
      "Licensed sponsor; this job falls short or cannot be judged",
      "Unlikely to be sponsored",
      "Sponsorship not known",
    ]);
    expect(sumOf(sponsorship)).toBe(open);
    expect(sumOf(tableOf(body, "jobs-by-salary"))).toBe(open);
    expect(body).not.toContain('data-testid="no-jobs"');
  });

  it("dates its figures, links the official register and carries the Open Government Licence attribution", async () => {
    const { body } = await get(PATH);
    const text = textOf(body);
    expect(text).toContain(
      `From the register of licensed sponsors of 26 June 2026. Figures computed on ${UK_DAY.format(new Date())} at`,
    );
    expect(text).toContain("This report uses the register of 26 June 2026");
    expect(text).toContain("Contains public sector information licensed under the Open Government Licence v3.0");
    expect(body).toContain('href="https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers"');
    expect(body).toContain('href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"');
    for (const heading of ["Licensed sponsors", "Jobs on this site", "Methodology"])
      expect(body).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    // Both registers are older than two weeks: the warning the checker's pages give.
    expect(body).toContain('data-testid="register-stale"');
  });
});
