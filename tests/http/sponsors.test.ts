import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWEST_PATH, servePublication } from "../../app/features/sponsors/test-fixtures/publication-server";
import { type TestServer, loginAs, request, startServer } from "./harness";
import { runDbCommand } from "./server-template";

// One embedded database for the whole file: the server imports the shipped 2021 register on
// first start, while already serving; later the importer adds the 2026 sample while it is stopped.
const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE = path.join(ROOT, "seed-data/uk-sponsor-register/format-sample-2026-06-26.csv");
/** These tests are of the real register the product ships as demo data. */
const SHIPPED = "seed-data/uk-sponsor-register/register-2021-11-02.csv.gz";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-sponsors-"));
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir, DEMO_SPONSOR_REGISTER: SHIPPED, DEMO_JOBS: "0" });
  // The embedded database imports the register after the server starts serving, and until then
  // the API says it is loading; a PostgreSQL server got it from `db:seed --demo` before starting.
  const first = JSON.parse((await request(server, { path: "/api/sponsors?q=tesco" })).body);
  if (first.registerDate === null) expect(first).toMatchObject({ status: true, registerLoading: true, total: 0 });
  if (!server.env.DATABASE_URL) await server.waitForOutput("Imported the demo sponsor register of 2021-11-02");
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const api = async (query: string) => {
  const r = await request(server, { path: `/api/sponsors${query}` });
  return { status: r.status, headers: r.headers, body: JSON.parse(r.body) };
};
const importer = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/db.js", "sponsors-import", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...server.env },
    encoding: "utf8",
  });
/** The refresh, run without blocking this process, which serves it the publication page meanwhile. */
const refresher = (...args: string[]) => runDbCommand(["sponsors-refresh", ...args], server.env);
const sameSite = () => ({ Origin: `http://localhost:${server.port}`, "Sec-Fetch-Site": "same-origin" });

describe("GET /api/sponsors", () => {
  it("answers ranked organisations with every route and rating, and the register date", async () => {
    const r = await api("?q=tesco%20stores%20ltd");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(r.body).toMatchObject({
      status: true,
      registerDate: "2021-11-02",
      registerLoading: false,
      query: "tesco stores ltd",
      page: 1,
      pageSize: 20,
      ambiguous: false,
    });
    // The shipped register is from 2021: years older than the 14 days after which it is stale.
    expect(r.body.registerStale).toBe(true);
    expect(r.body.registerAgeDays).toBeGreaterThan(365 * 4);
    expect(r.body.results[0]).toEqual({
      slug: "tesco-stores-limited",
      name: "Tesco Stores Limited",
      town: "Welwyn Garden City",
      county: "Herts",
      licences: [
        { route: "Intra-company Routes", type: "Worker", rating: "A (Premium)" },
        { route: "Skilled Worker", type: "Worker", rating: "A (Premium)" },
      ],
      firstSeen: "2021-11-02",
      match: "exact",
      score: 1,
      url: "/uk-work-visa-sponsor-licence-check/tesco-stores-limited",
    });
  });

  it("filters by route, rating and town", async () => {
    // Deloitte LLP (London) holds a premium licence; the town filter takes a county too.
    const r = await api("?q=deloitte&rating=premium&route=Skilled%20Worker&town=london");
    expect(r.body.results.map((o: { name: string }) => o.name)).toEqual(["Deloitte LLP"]);
    expect((await api("?q=deloitte&town=Leeds")).body.total).toBe(0);
    expect((await api("?q=tesco&town=herts")).body.results.map((o: { name: string }) => o.name)).toEqual([
      "Tesco Stores Limited",
    ]);
  });

  it("pages through results", async () => {
    const first = await api("?q=university%20of");
    const second = await api("?q=university%20of&page=2");
    expect(first.body.total).toBeGreaterThan(20);
    expect(second.body.total).toBe(first.body.total);
    expect(second.body.page).toBe(2);
    const slugs = new Set(first.body.results.map((o: { slug: string }) => o.slug));
    expect(second.body.results.some((o: { slug: string }) => slugs.has(o.slug))).toBe(false);
  });

  it.each([
    ["", "q", "Enter an employer's name"],
    ["?q=a", "q", "Enter at least 2 characters of the employer's name"],
    [`?q=${"a".repeat(121)}`, "q", "The name must be 120 characters or fewer"],
    ["?q=tesco&rating=gold", "rating", "The rating must be one of a, b, premium, sme-plus, provisional"],
    ["?q=tesco&page=0", "page", "The page must be 1 or more"],
    ["?q=tesco&page=two", "page", "The page must be a whole number"],
    ["?q=tesco&page=1.5", "page", "The page must be a whole number"],
    [`?q=tesco&town=${"x".repeat(101)}`, "town", "The town or county must be 100 characters or fewer"],
  ])("answers 400 to %s", async (query, field, message) => {
    const r = await api(query);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: false, message, errors: { [field]: message } });
  });

  it("answers only GET", async () => {
    const r = await request(server, { path: "/api/sponsors?q=tesco", method: "POST", headers: sameSite() });
    expect(r.status).toBe(405);
  });

  it("suggests names as one types", async () => {
    const r = await request(server, { path: "/api/sponsors/suggest?q=deloit" });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({
      status: true,
      suggestions: [{ slug: "deloitte-llp", name: "Deloitte LLP", town: "London" }],
    });
  });
});

describe("the public pages", () => {
  const page = (p: string) => request(server, { path: p });

  it("shows the search form, the register date and the licence attribution", async () => {
    const r = await page("/uk-work-visa-sponsor-licence-check");
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/<label for="q"[^>]*>Employer name<\/label>/);
    expect(r.body).toContain("2 November 2021");
    expect(r.body).toContain("Open Government Licence v3.0");
    expect(r.body).toContain("<strong>Warning: this register may be out of date.</strong>");
    expect(r.body).toContain('href="https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers"');
  });

  it("answers a search with the organisation and its licences", async () => {
    const r = await page("/uk-work-visa-sponsor-licence-check?q=Tesco+Stores+Ltd");
    expect(r.body).toContain("“Tesco Stores Ltd” is on the register");
    expect(r.body).toContain('href="/uk-work-visa-sponsor-licence-check/tesco-stores-limited"');
    expect(r.body).toContain("A (Premium)");
  });

  it("says clearly when a name is not on the register, and what to try", async () => {
    const r = await page("/uk-work-visa-sponsor-licence-check?q=Zyxwv+Quantum+Holdings");
    expect(r.status).toBe(200);
    expect(r.body).toContain("Not found on the register: “Zyxwv Quantum Holdings”");
    expect(r.body).toContain("try the company’s legal name");
  });

  it("answers a bad search with 400 and an error linked to the field", async () => {
    const r = await page("/uk-work-visa-sponsor-licence-check?q=x");
    expect(r.status).toBe(400);
    expect(r.body).toContain('href="#q"');
    expect(r.body).toMatch(/<p id="q-error"[^>]*>Enter at least 2 characters of the employer&#x27;s name<\/p>/);
  });

  it("has a page per organisation, and 404 for an unknown one", async () => {
    const r = await page("/uk-work-visa-sponsor-licence-check/deloitte-llp");
    expect(r.status).toBe(200);
    expect(r.body).toContain("<title>Deloitte LLP: sponsor licence | Career Platform</title>");
    expect(r.body).toContain("On the register since at least 2 November 2021");
    expect(r.body).toContain("Warning: this register may be out of date.");
    expect((await page("/uk-work-visa-sponsor-licence-check/no-such-employer")).status).toBe(404);
  });

  it("explains that the first register has nothing to compare with", async () => {
    const r = await page("/uk-work-visa-sponsor-licence-check/recent-changes");
    expect(r.status).toBe(200);
    expect(r.body).toContain("is the first one held here");
    expect(r.body).toContain("Changes appear here once a second register has been imported");
    expect(r.body).toMatch(
      /The register of <strong>2 November 2021<\/strong> is the first one held here \(38,365 organisations\)/,
    );
  });
});

describe("the logged-in checker and its shortlist", () => {
  it("is for logged-in users only", async () => {
    const r = await request(server, { path: "/sponsorship-licence-checker" });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/login");
  });

  it("adds and removes an employer, and shows each user only their own", async () => {
    const student = await loginAs(server, "student@demo.test");
    const other = await loginAs(server, "basic.student@demo.test");
    const add = await request(server, {
      path: "/sponsorship-licence-checker?q=deloitte",
      cookie: student,
      headers: sameSite(),
      form: { slug: "deloitte-llp", intent: "add", back: "/sponsorship-licence-checker?q=deloitte" },
    });
    expect(add.status).toBe(303);
    expect(add.location).toBe("/sponsorship-licence-checker?q=deloitte");
    const mine = await request(server, { path: "/sponsorship-licence-checker", cookie: student });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatch(/Your shortlist[\s\S]*Deloitte LLP[\s\S]*Remove from shortlist/);
    const theirs = await request(server, { path: "/sponsorship-licence-checker", cookie: other });
    expect(theirs.body).not.toContain("Deloitte LLP");
    expect(theirs.body).toContain("Employers you add from the results");
    // The other user cannot remove it either: removal acts on their own list only.
    await request(server, {
      path: "/sponsorship-licence-checker",
      cookie: other,
      headers: sameSite(),
      form: { slug: "deloitte-llp", intent: "remove" },
    });
    expect((await request(server, { path: "/sponsorship-licence-checker", cookie: student })).body).toContain(
      "Deloitte LLP",
    );
    const remove = await request(server, {
      path: "/uk-work-visa-sponsor-licence-check/deloitte-llp",
      cookie: student,
      headers: sameSite(),
      form: { slug: "deloitte-llp", intent: "remove", back: "https://evil.example/" },
    });
    expect(remove.status).toBe(303);
    expect(remove.location).toBe("/sponsorship-licence-checker");
    const emptied = await request(server, { path: "/sponsorship-licence-checker", cookie: student });
    expect(emptied.body).toContain("Employers you add from the results");
    expect(emptied.body).not.toContain("Deloitte LLP");
  });

  it("limits how often a user changes the shortlist", async () => {
    const admin = await loginAs(server, "admin@demo.test");
    const post = (intent: string) =>
      request(server, {
        path: "/uk-work-visa-sponsor-licence-check/deloitte-llp",
        cookie: admin,
        headers: sameSite(),
        form: { slug: "deloitte-llp", intent },
      });
    for (let i = 0; i < 60; i++) expect((await post(i % 2 ? "remove" : "add")).status).toBe(303);
    const refused = await post("add");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(refused.body).toContain("Too many changes to your shortlist.");
  });

  it("refuses visitors, unknown employers and odd forms", async () => {
    const visitor = await request(server, {
      path: "/uk-work-visa-sponsor-licence-check/deloitte-llp",
      headers: sameSite(),
      form: { slug: "deloitte-llp", intent: "add" },
    });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toContain("Log in to keep a shortlist of employers.");
    const student = await loginAs(server, "student@demo.test");
    const unknown = await request(server, {
      path: "/sponsorship-licence-checker",
      cookie: student,
      headers: sameSite(),
      form: { slug: "no-such-employer", intent: "add" },
    });
    expect(unknown.status).toBe(404);
    const odd = await request(server, {
      path: "/sponsorship-licence-checker",
      cookie: student,
      headers: sameSite(),
      form: { slug: "../x", intent: "add" },
    });
    expect(odd.status).toBe(400);
    const crossSite = await request(server, {
      path: "/sponsorship-licence-checker",
      cookie: student,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: { slug: "deloitte-llp", intent: "add" },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("npm run sponsors:import", () => {
  it("imports a newer register (on PGlite only while the server is stopped), and the pages show what changed", async () => {
    const embedded = !server.env.DATABASE_URL;
    if (embedded) {
      const refused = importer(SAMPLE);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("is in use by another process");
      await server.stop();
    }
    const bad = importer(path.join(ROOT, "package.json"));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("line 1: the header must be");
    const r = importer(SAMPLE, "--date", "2026-06-26");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    // 15 of the sample's 211 organisations (same name and town) are among the 2021 register's 38,365.
    expect(r.stdout).toMatch(
      /^Imported the register of 2026-06-26: 217 rows, 211 organisations \(196 added, 38350 removed, \d+ changed\)/,
    );
    // npm run sponsors:refresh finds that register (26 June 2026) newest on the page, and leaves it.
    const gov = await servePublication();
    try {
      const refresh = await refresher("--page", gov.pageUrl);
      expect(refresh.stderr).toBe("");
      expect(refresh.status).toBe(0);
      expect(refresh.stdout).toContain("The register of 2026-06-26 is already imported. Nothing to do.");
      expect(gov.requests).not.toContain(NEWEST_PATH);
    } finally {
      await gov.close();
    }
    if (embedded) server = await startServer({ DATA_DIR: dataDir, DEMO_SPONSOR_REGISTER: SHIPPED, DEMO_JOBS: "0" });
    const changes = await request(server, { path: "/uk-work-visa-sponsor-licence-check/recent-changes" });
    expect(changes.body).toContain("compared with the one of 2 November 2021");
    expect(changes.body).toContain('href="/uk-work-visa-sponsor-licence-check/branos-oxford-ltd-t-a-lilo"');
    const lilo = await api("?q=Lilo");
    expect(lilo.body.results[0]).toMatchObject({
      name: "BRANOS OXFORD LTD T/A LILO",
      match: "alias",
      firstSeen: "2026-06-26",
    });
    const liloPage = await request(server, { path: "/uk-work-visa-sponsor-licence-check?q=lilo" });
    expect(liloPage.body).toContain("New: added since the register of 2 November 2021");
    // 1 Stop Print Ltd of Ilford is on both registers: not new.
    const kept = await request(server, { path: "/uk-work-visa-sponsor-licence-check?q=1+Stop+Print+Ltd" });
    expect(kept.body).toContain("“1 Stop Print Ltd” is on the register");
    expect(kept.body).not.toContain("New: added since");
    const search = await request(server, { path: "/uk-work-visa-sponsor-licence-check?q=deloitte+llp" });
    expect(search.body).toContain("Not found on the register: “deloitte llp”");
    expect(search.body).toMatch(
      /Dropped off the register since the one of 2 November 2021:[\s\S]*href="\/uk-work-visa-sponsor-licence-check\/deloitte-llp"/,
    );
    const gone = await request(server, { path: "/uk-work-visa-sponsor-licence-check/deloitte-llp" });
    expect(gone.status).toBe(200);
    expect(gone.body).toContain("Not on the current register");
    expect(gone.body).toContain("Dropped off the register");
  });
});
