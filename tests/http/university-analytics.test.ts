import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

// A small register gives the demo jobs employers, and the jobs give the demo students something to
// look at: Demo University's 400 students and Second University's dozen, with a year of activity.
const SAMPLE_REGISTER = "seed-data/uk-sponsor-register/format-sample-2026-06-26.csv";
let server: TestServer;
let demoAdmin: string;
let secondAdmin: string;
let student: string;
beforeAll(async () => {
  server = await startServer({ DEMO_SPONSOR_REGISTER: SAMPLE_REGISTER });
  // The embedded database makes the activity in the background once serving; `db:seed --demo` made it before a PostgreSQL server started.
  if (!server.env.DATABASE_URL) await server.waitForOutput("events of demo student activity");
  [demoAdmin, secondAdmin, student] = await Promise.all([
    loginAs(server, "admin@demo.test"),
    loginAs(server, "admin@second.test"),
    loginAs(server, "student@demo.test"),
  ]);
});
afterAll(() => server?.stop());

const LONDON = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const today = LONDON.format(new Date());
const daysBefore = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const YEAR = `from=${daysBefore(364)}&to=${today}`;
const get = (path: string, cookie: string) => request(server, { path, cookie });

/** RFC 4180 rows (the files are ours: quoted fields may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")) {
    const cells: string[] = [];
    for (const m of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g))
      cells.push(m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? ""));
    rows.push(cells);
  }
  return rows;
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .trim();

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

const PAGES = [
  {
    path: "/visa-job-analytics",
    report: "visa-job",
    charts: ["by-sponsorship", "by-occupation", "by-salary", "over-time"],
  },
  { path: "/home-country-job-analytics", report: "home-country", charts: ["students", "jobs"] },
  {
    path: "/student-circus-analytics",
    report: "engagement",
    charts: [
      "weekly-active",
      "features",
      "funnel",
      "cohorts",
      "fairs-by-course",
      "fairs-by-level",
      "fairs-by-home-country",
      "fairs-by-visa",
    ],
  },
] as const;

describe("the university analytics", () => {
  it("draw each chart on the server beside its table, and the CSV holds exactly the table's rows", async () => {
    for (const page of PAGES) {
      const reply = await get(`${page.path}?${YEAR}`, demoAdmin);
      expect(reply.status, page.path).toBe(200);
      expect(reply.body).not.toContain("being built");
      for (const chart of page.charts) {
        // The chart is an inline SVG image named by its heading; no style attribute (the CSP refuses them).
        expect(reply.body).toMatch(new RegExp(`<svg[^>]*aria-labelledby="${chart}-title"[^>]*>`));
        const table = tableOf(reply.body, chart);
        const csv = await get(`/analytics-csv/${page.report}/${chart}?${YEAR}`, demoAdmin);
        expect(csv.status).toBe(200);
        expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
        expect(csv.headers["content-disposition"]).toBe(
          `attachment; filename="${page.report}-${chart}-${daysBefore(364)}-to-${today}.csv"`,
        );
        expect(parseCsv(csv.body)).toEqual(table);
      }
      expect(reply.body).not.toMatch(/<[a-z]+[^>]* style="/);
    }
  });

  it("show Demo University's year of activity in figures", async () => {
    const visa = await get(`/visa-job-analytics?${YEAR}`, demoAdmin);
    const sponsorship = tableOf(visa.body, "by-sponsorship");
    expect(sponsorship[0]).toEqual(["Sponsorship status", "Viewed", "Saved", "Applied to"]);
    const viewed = sponsorship.slice(1).map((r) => Number(r[1]));
    expect(viewed.reduce((s, n) => s + (Number.isNaN(n) ? 0 : n), 0)).toBeGreaterThan(1000);
    const funnel = tableOf((await get(`/student-circus-analytics?${YEAR}`, demoAdmin)).body, "funnel");
    const registered = Number(funnel[1]![1]);
    // The made-up students registered through the year (and the demo accounts), each step fewer than the one before.
    expect(registered).toBeGreaterThanOrEqual(300);
    const steps = funnel.slice(2).map((r) => Number(r[1]));
    expect(steps[1]).toBeLessThanOrEqual(registered);
    expect(steps[3]).toBeLessThan(steps[1]!);
  });

  it("withhold every figure about fewer than 5 students, in the page and the CSV alike", async () => {
    for (const page of PAGES) {
      const reply = await get(`${page.path}?${YEAR}`, secondAdmin);
      expect(reply.status).toBe(200);
      for (const chart of page.charts) {
        const rows = parseCsv((await get(`/analytics-csv/${page.report}/${chart}?${YEAR}`, secondAdmin)).body);
        const [header, ...body] = rows;
        header!.forEach((column, c) => {
          // Shares and open jobs are not counts of students or of what they did.
          if (column.endsWith("(%)") || column.startsWith("Open jobs")) return;
          for (const row of body)
            expect(["1", "2", "3", "4"], `${page.report}/${chart}: ${column} of ${row[0]}`).not.toContain(row[c]);
        });
      }
    }
    // The dashboard's headline figures too (shares and hours aside).
    const dashboard = (await get(`/university-dashboard?${YEAR}`, secondAdmin)).body;
    const figures = [...dashboard.matchAll(/<dd class="text-2xl font-bold">([^<]*)<\/dd>/g)].map((m) => m[1]!);
    expect(figures).toHaveLength(7);
    for (const figure of figures.slice(0, 5)) expect(["1", "2", "3", "4"]).not.toContain(figure);
    // Second University's dozen students make small groups: the rule shows.
    const home = (await get(`/home-country-job-analytics?${YEAR}`, secondAdmin)).body;
    expect(home).toContain("fewer than 5");
  });

  it("count only the admin's own university", async () => {
    const students = (csv: string) => parseCsv(csv).slice(1);
    const demo = students((await get("/university-dashboard/students.csv", demoAdmin)).body);
    const second = students((await get("/university-dashboard/students.csv", secondAdmin)).body);
    expect(demo.length).toBeGreaterThanOrEqual(400);
    expect(second.length).toBeGreaterThanOrEqual(12);
    expect(second.length).toBeLessThan(20);
    expect(second.every((r) => r[1]!.endsWith("@second.test"))).toBe(true);
    expect(demo.some((r) => r[1]!.endsWith("@second.test"))).toBe(false);
    // The funnel's registrations are the university's own.
    const funnel = tableOf((await get(`/student-circus-analytics?${YEAR}`, secondAdmin)).body, "funnel");
    expect(["fewer than 5", ...Array.from({ length: 20 }, (_, i) => String(i))]).toContain(funnel[1]![1]);
  });

  it("answer a date that is not one with a message and the last 30 days, not an error page", async () => {
    const reply = await get("/visa-job-analytics?from=2026-02-30&to=2026-03-10", demoAdmin);
    expect(reply.status).toBe(400);
    expect(reply.body).toContain("Enter the start date as a date like");
    expect(reply.body).toContain("Showing the last 30 days instead.");
    expect(reply.body).toContain('value="2026-02-30"');
    expect((await get("/visa-job-analytics?from=2026-03-10&to=2026-03-01", demoAdmin)).body).toContain(
      "The start date must be on or before the end date.",
    );
    const csv = await get("/analytics-csv/visa-job/by-sponsorship?from=2026-13-01&to=2026-03-01", demoAdmin);
    expect(csv.status).toBe(400);
    expect((await get("/analytics-csv/visa-job/no-such-table", demoAdmin)).status).toBe(404);
    expect((await get("/analytics-csv/no-such-report/funnel", demoAdmin)).status).toBe(404);
  });

  it("are for university admins only", async () => {
    for (const path of [
      "/visa-job-analytics",
      "/analytics-csv/visa-job/by-sponsorship",
      "/university-dashboard/students.csv",
    ]) {
      const reply = await get(path, student);
      expect(reply.status, path).not.toBe(200);
      expect(reply.body).not.toContain("Sponsorship status");
      expect((await request(server, { path })).status).not.toBe(200);
    }
  });
});

describe("the dashboard", () => {
  it("gives the headline figures with the change on the period before, for any range", async () => {
    const page = (await get(`/university-dashboard?${YEAR}`, demoAdmin)).body;
    for (const label of [
      "Active students",
      "Profiles completed",
      "CVs exported",
      "Jobs saved",
      "Job applications",
      "Applications to jobs likely eligible for sponsorship",
      "Career video hours watched",
    ]) {
      expect(page).toContain(`<dt class="text-sm text-muted">${label}</dt>`);
    }
    expect(page).toMatch(/(Up|Down) [\d,.]+.* on the period before|No change/);
  });

  it("lists, searches, filters and exports the students, and ends and gives back a student's access", async () => {
    const list = (await get("/university-dashboard?status=active&q=demo.activity", demoAdmin)).body;
    expect(list).toMatch(/[\d,]+ students, 1 to 50 shown\./);
    expect(list).toContain("Next page");
    const bad = await get("/university-dashboard?level=wizard", demoAdmin);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Choose a level from the list. Showing every student instead.");

    const csv = parseCsv(
      (await get("/university-dashboard/students.csv?q=demo.activity.20261.000007", demoAdmin)).body,
    );
    expect(csv).toHaveLength(2);
    expect(csv[0]).toEqual(["Name", "Email", "Account", "Course", "Level", "Home country", "Registered", "Status"]);
    expect(csv[1]![1]).toBe("demo.activity.20261.000007@demo.test");

    const listed = (await get("/university-dashboard?q=demo.activity.20261.000007", demoAdmin)).body;
    const id = /name="id" value="(\d+)"\/><button type="submit" value="deactivate"/.exec(listed)![1]!;
    const post = (cookie: string, intent: string) =>
      request(server, {
        path: "/university-dashboard",
        cookie,
        form: { intent, id },
        headers: { "Sec-Fetch-Site": "same-origin" },
      });
    // Another university's admin cannot touch the student.
    expect((await post(secondAdmin, "deactivate")).status).toBe(404);
    const ended = await post(demoAdmin, "deactivate");
    expect(ended.status).toBe(303);
    expect(decodeURIComponent(cookieSet(ended, "flash") ?? "")).toContain("access has ended");
    expect(
      parseCsv((await get("/university-dashboard/students.csv?q=demo.activity.20261.000007", demoAdmin)).body)[1]![7],
    ).toBe("Access ended");
    expect((await post(demoAdmin, "reactivate")).status).toBe(303);
    expect(
      parseCsv(
        (await get("/university-dashboard/students.csv?q=demo.activity.20261.000007&status=active", demoAdmin)).body,
      ),
    ).toHaveLength(2);
  });
});
