import { matchPath } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET_WROTE } from "~/db/reads.server";
import { DEMO_STAFF, DEMO_USERS } from "~/db/seed/demo";
import { PAGE_ROUTES, patternOf } from "~/route-table";
import type { TestSmtpServer } from "../support/smtp";
import { type TestServer, loginAs, loginAsStaff, request, startServerWithMail } from "./harness";

// A GET never writes. The server logs every statement that writes while it answers a GET
// (app/db/reads.server.ts, on either database); this opens every page of the route table, for a
// visitor and each demo user, and finds no such line. The addresses are real where they can be:
// found by following the pages' own links from the home page (a job that exists, the person's own
// CV, the same page with its query), or made by the flows that email a link (a password reset, a
// registration, a workshop place, a meeting, an e-book). samples() gives the rest; a new route with
// neither fails here until it is given one. Rate-limit counters are the one write a GET may make
// (a request counted against its limit is not a change to anything the person sees; see reads.server.ts).

const SAMPLE_REGISTER = "seed-data/uk-sponsor-register/format-sample-2026-06-26.csv";
// The demo staff member too: every page of the operations console and its links (sorts, pages, filters).
const WHO = ["visitor", ...DEMO_USERS.map((u) => u.email), DEMO_STAFF.email] as const;
const sameSite = { "Sec-Fetch-Site": "same-origin" };

let server: TestServer;
let smtp: TestSmtpServer;
let stop: () => Promise<void>;
const cookies = new Map<string, string | undefined>([["visitor", undefined]]);
/** Real addresses by route pattern, a few of each (each a different set of query keys). */
const found = new Map<string, Set<string>>();

/** The pattern of each path met (patternOf ranks the whole table at each call, and the walk meets the same links again and again). */
const patterns = new Map<string, string | null>();
function patternOfPath(path: string): string | null {
  const pathname = path.replace(/[?#].*$/s, "");
  if (!patterns.has(pathname)) patterns.set(pathname, patternOf(pathname));
  return patterns.get(pathname) ?? null;
}

/**
 * Adds `path` under its pattern in `paths`: true when it is new there, false when it has no pattern,
 * or its pattern has a path with the same query keys already, or 3 paths.
 */
function admit(paths: Map<string, Set<string>>, path: string): boolean {
  const pattern = patternOfPath(path);
  if (!pattern) return false;
  const held = paths.get(pattern) ?? new Set<string>();
  paths.set(pattern, held);
  const variant = (p: string) => [...new URL(p, "http://x").searchParams.keys()].sort().join("&");
  if (held.size >= 3 || [...held].some((p) => variant(p) === variant(path))) return false;
  held.add(path);
  return true;
}

const linkIn = (text: string | undefined, prefix: string) => {
  const url = new URL(new RegExp(`https?://\\S+${prefix.replaceAll("/", "\\/")}\\S*`).exec(text ?? "")![0]);
  return url.pathname + url.search;
};

/** The pages the flows that email a link lead to (links no page shows), and a CV of the student's. */
async function madeLinks(): Promise<string[]> {
  const post = (path: string, form: Record<string, string>, cookie?: string) =>
    request(server, { path, form, cookie, headers: sameSite });
  const paths = [
    (
      await post(
        "/my-cvs",
        { intent: "create", template: "europass", from: "profile" },
        cookies.get("student@demo.test"),
      )
    ).location!,
  ];
  await post("/forgot-password/demo-university", { email: "basic.student@demo.test" });
  paths.push(linkIn((await smtp.next((m) => m.subject === "Reset your password")).text, "/reset-password/"));
  await post("/register/demo-university", { name: "Reading Walker", email: "reading.walker@demo.test" });
  const setup = linkIn(
    (await smtp.next((m) => m.envelopeTo.includes("reading.walker@demo.test"))).text,
    "/register/setup-account-redirection/",
  );
  paths.push(
    setup,
    (await post(setup, { password: "Meadow-lark-2031", confirm_password: "Meadow-lark-2031" })).location!,
  );
  const admin = cookies.get("admin@demo.test");
  const workshop = /name="workshop" value="(\d+)"/.exec(
    (await request(server, { path: "/workshop-and-webinars", cookie: admin })).body,
  )![1]!;
  paths.push((await post("/workshop-and-webinars", { intent: "register", workshop }, admin)).location!);
  const day = /[?&](?:amp;)?day=(\d{4}-\d{2}-\d{2})/.exec(
    (await request(server, { path: "/book-a-meeting" })).body,
  )![1]!;
  const slot = /name="slot" value="([^"]+)"/.exec(
    (await request(server, { path: `/book-a-meeting?day=${day}` })).body,
  )![1]!;
  const booked = await post("/book-a-meeting", {
    intent: "book",
    slot,
    tz: "Europe/London",
    name: "Reading Walker",
    email: "walker@example.test",
    role: "employer",
    organisation: "Example Ltd",
    topic: "Hiring graduates",
  });
  paths.push(booked.location!);
  paths.push(
    (
      await post("/ebook/working-in-the-uk-after-graduation", {
        name: "Reading Walker",
        email: "walker@example.test",
        audience: "student",
      })
    ).location!,
  );
  return paths;
}

/** The same-site links of a page (its hrefs, srcs and form actions) and where it redirects. */
function linksOf(body: string, location: string | null): string[] {
  const found = [...body.matchAll(/\s(?:href|src|action)="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  return [...found, ...(location ? [location] : [])]
    .filter((l) => l.startsWith("/") && !l.startsWith("//"))
    .map((l) => l.replace(/#.*/, ""));
}

/** What the server logged of GETs that wrote while `run` ran. */
async function writesDuring(run: () => Promise<void>): Promise<string[]> {
  const before = server.output().length;
  await run();
  // One more answer: any line logged before the last one above has been read by now.
  await request(server, { path: "/robots.txt" });
  return server
    .output()
    .slice(before)
    .split("\n")
    .filter((line) => line.includes(GET_WROTE));
}

async function get(path: string, cookie: string | undefined) {
  const reply = await request(server, { path, cookie });
  const type = String(reply.headers["content-type"] ?? "");
  return linksOf(type.startsWith("text/html") || type.includes("xml") ? reply.body : "", reply.location);
}

/** Follows every link from `starts`, keeping what it finds in `found`. */
async function walk(starts: string[], cookie: string | undefined) {
  const seen = new Map<string, Set<string>>();
  const next = (path: string) => admit(seen, path) && (admit(found, path), true);
  const queue = starts.filter(next);
  while (queue.length) queue.push(...(await get(queue.shift()!, cookie)).filter(next));
}

/** The first real value of a pattern's parameter (or of a query key) found, else `fallback`. */
function real(pattern: string, name: string, fallback: string): string {
  for (const path of found.get(pattern) ?? []) {
    const url = new URL(path, "http://x");
    const value = matchPath(pattern, url.pathname)?.params[name] ?? url.searchParams.get(name);
    if (value) return value;
  }
  return fallback;
}

/** Addresses of the patterns no page links to, from real values where there are some (a path without parameters is its own). */
function samples(): Record<string, string[]> {
  const job = real("/jobs/:slug", "slug", "sample-job");
  const blog = real("/blog/:slug", "slug", "sample-post");
  const video = real("/cih/standard/:slug", "slug", "sample-video");
  const cv = real("/create-cv", "cv", "1");
  const uni = "demo-university";
  return {
    "/analytics-csv/:report/:table": ["/analytics-csv/visa-job/sponsorship"],
    "/author/:slug": ["/author/nadia-rahman"],
    "/part-time-jobs/:slug": [`/part-time-jobs/${job}`],
    "/final-preview": [`/final-preview?cv=${cv}`],
    "/download-cv": [`/download-cv?cv=${cv}&job=${encodeURIComponent(`/jobs/${job}`)}`, `/download-cv?job=${job}`],
    "/jobs": ["/jobs?q=analyst"],
    "/uk-work-visa-sponsor-licence-check": ["/uk-work-visa-sponsor-licence-check?q=tesco"],
    "/sponsorship-licence-checker": ["/sponsorship-licence-checker?q=tesco"],
    "/unsubscribe-job-newsletter/:email": ["/unsubscribe-job-newsletter/someone%40example.com?sig=sample"],
    "/register-invite/:user_id": ["/register-invite/1?token=sample"],
    // The demo's well-known link opens only where the demo activity was made: a forged one answers 404 first.
    "/graduate-outcomes/survey/:token": [`/graduate-outcomes/survey/${"A".repeat(43)}`],
    "/referral/:slug": ["/referral/abcdefghij"],
    "/university-logo/:file": ["/university-logo/sample.png"],
    "/ops/universities/:id": ["/ops/universities/1"],
    "/ops/users/:id": ["/ops/users/1"],
    // The console answers 404 to every demo user and visitor (staff log in with a second factor).
    "/ops/email/:id": ["/ops/email/1"],
    // Demo University has no single sign-on: each answers 404 before anything is written.
    "/sso/:university": [`/sso/${uni}`],
    "/sso/oidc/:university/callback": [`/sso/oidc/${uni}/callback?state=sample&code=sample`],
    "/sso/saml/:university/acs": [`/sso/saml/${uni}/acs`],
    "/sso/saml/:university/metadata": [`/sso/saml/${uni}/metadata`],
    // On PostgreSQL the suite's database has no sponsor register.
    "/uk-work-visa-sponsor-licence-check/:slug": [
      `/uk-work-visa-sponsor-licence-check/${real("/uk-work-visa-sponsor-licence-check/:slug", "slug", "sample-employer")}`,
    ],
    ...Object.fromEntries(
      [
        "/login/user-email-password",
        "/register",
        "/alumni-student-registration",
        "/register-uni",
        "/request-access",
        "/forgot-password",
        "/jumpstart-login",
        "/jumpstart-register",
      ].map((p) => [`${p}/:university_id`, [`${p}/${uni}`]]),
    ),
    "/blog/blogs/index/:slug/:slug1?": [`/blog/blogs/index/${blog}`],
    "/blog/blogs/view/:slug": [`/blog/blogs/view/${blog}`],
    "/blogs/:slug": [`/blogs/${blog}`],
    "/blogs/category/:slug": ["/blogs/category/advice"],
    "/check-blog-slug/:slug": [`/check-blog-slug/${blog}`],
    "/get-blog-detail/:slug": [`/get-blog-detail/${blog}`],
    "/api/ip-country": ["/api/ip-country"],
    "/api/sponsors": ["/api/sponsors?q=tesco"],
    "/api/sponsors/suggest": ["/api/sponsors/suggest?q=tes"],
    "/api/au-points": ["/api/au-points"],
    "/api/roster": ["/api/roster"],
    "/api/sponsorship-eligibility": ["/api/sponsorship-eligibility"],
    "/api/jobs": ["/api/jobs?q=analyst"],
    "/api/cvs": ["/api/cvs"],
    "/api/cvs/:id": [`/api/cvs/${cv}`],
    "/api/cvs/:id/restore": [`/api/cvs/${cv}/restore`],
    "/api/cvs/:id/photo": [`/api/cvs/${cv}/photo`],
    "/api/cvs/:id/pdf": [`/api/cvs/${cv}/pdf`, `/api/cvs/${cv}/pdf?view=1`],
    "/api/cvs/:id/docx": [`/api/cvs/${cv}/docx`],
    "/api/cvs/:id/json": [`/api/cvs/${cv}/json`],
    "/api/cvs/:id/ats-check": [`/api/cvs/${cv}/ats-check?job=${job}`],
    "/api/cvs/:id/pages/:page": [`/api/cvs/${cv}/pages/1`],
    "/api/cv-samples/:template": ["/api/cv-samples/modern"],
    "/api/cih/videos": ["/api/cih/videos"],
    "/api/cih/videos/:slug": [`/api/cih/videos/${video}`],
    "/api/cih/progress": ["/api/cih/progress"],
    "/api/cih/progress/:slug": [`/api/cih/progress/${video}`],
    "/api/cih/saved/:slug": [`/api/cih/saved/${video}`],
    "/api/cih/preferences": ["/api/cih/preferences"],
    "/ops/moderation/:kind/:id": ["/ops/moderation/success-story/1"],
    "/ops/enquiries/:id": ["/ops/enquiries/1"],
    // The demo has no career fair of the platform's: staff get 404 too.
    "/ops/career-fairs/:slug": ["/ops/career-fairs/sample"],
    // The demo has no job sources: staff get 404 too.
    "/ops/job-sources/:id": ["/ops/job-sources/1"],
    // An employer's own job's applicants: 404 for every demo user but that job's employer.
    "/employer/jobs/:id/applicants": ["/employer/jobs/1/applicants"],
    "/employer/jobs/:id/applicants/:applicationId/cv.pdf": ["/employer/jobs/1/applicants/1/cv.pdf"],
    // No demo user walked is an employer: each is turned away before anything is read.
    "/employer/jobs/:id/edit": ["/employer/jobs/1/edit"],
    "/employer/jobs/:id/preview": ["/employer/jobs/1/preview"],
    // The careers service's side of appointments (issue 33): the demo adviser's settings are linked for
    // its admin; an appointment's student, and a calendar feed's secret, are samples (404 for all).
    "/university-dashboard/appointments/settings/advisers/:id": [
      `/university-dashboard/appointments/settings/advisers/${real("/university-dashboard/appointments/settings/advisers/:id", "id", "1")}`,
    ],
    "/university-dashboard/appointments/:id/student": ["/university-dashboard/appointments/1/student"],
    "/university-dashboard/appointments/:id/cv.pdf": ["/university-dashboard/appointments/1/cv.pdf"],
    "/appointments/calendar/:file": ["/appointments/calendar/sample.ics"],
  };
}

beforeAll(async () => {
  ({ server, smtp, stop } = await startServerWithMail({ DEMO_SPONSOR_REGISTER: SAMPLE_REGISTER, DEMO_JOBS: "0" }));
  if (!server.env.DATABASE_URL) await server.waitForOutput("Imported the demo sponsor register");
  for (const u of DEMO_USERS) cookies.set(u.email, await loginAs(server, u.email));
  cookies.set(DEMO_STAFF.email, await loginAsStaff(server));
});
afterAll(() => stop?.());

describe("a GET never writes", () => {
  it("following every page's links from the home page and the emailed links, as a visitor and as each demo user", async () => {
    const wrote = await writesDuring(async () => {
      const starts = [
        "/",
        "/sitemap.xml",
        "/robots.txt",
        "/blog/rss.xml",
        "/505",
        "/under-maintenance",
        ...(await madeLinks()),
      ];
      for (const who of WHO) await walk(starts, cookies.get(who));
      // The access checks' endpoint, which the server answers itself.
      await get("/api/check-user-redirections?checkurl=cih", cookies.get("student@demo.test"));
    });
    expect(wrote).toEqual([]);
  }, 300_000);

  it.each(WHO)(
    "opening every page of the route table as %s",
    async (who) => {
      const extra = {
        ...Object.fromEntries(PAGE_ROUTES.filter((r) => !r.path.includes(":")).map((r) => [r.path, [r.path]])),
        ...samples(),
      };
      const missing = PAGE_ROUTES.filter((r) => !found.get(r.path)?.size && !extra[r.path]).map((r) => r.path);
      expect(missing, "routes no walk reached and samples() does not give").toEqual([]);
      const wrote = await writesDuring(async () => {
        for (const r of PAGE_ROUTES)
          for (const path of new Set([...(found.get(r.path) ?? []), ...(extra[r.path] ?? [])]))
            await get(path, cookies.get(who));
      });
      expect(wrote).toEqual([]);
    },
    300_000,
  );
});
