import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { events, users } from "~/db/schema";
import { jobSlug } from "~/features/jobs/import.server";
import { NewsletterLinks } from "~/features/jobs/unsubscribe.server";
import { type TestServer, cookieSet, loginAs, request, startServer } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

// The server keeps its data in a folder of this file's, so that its events can be read once it has stopped.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-saved-jobs-"));
let server: TestServer;
let student: string;
let running = true;
beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET });
  student = await loginAs(server, "student@demo.test");
});
afterAll(async () => {
  if (running) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const links = new NewsletterLinks(TEST_SESSION_SECRET);
const sameSite = () => ({ Origin: server.origin, "Sec-Fetch-Site": "same-origin" });
const post = (pathname: string, form: Record<string, string>, cookie?: string, headers = sameSite()) =>
  request(server, { path: pathname, form, cookie, headers });
const flash = (reply: Awaited<ReturnType<typeof request>>) => decodeURIComponent(cookieSet(reply, "flash") ?? "");

async function slugOf(q: string): Promise<string> {
  const r = await request(server, {
    path: `/api/jobs?q=${encodeURIComponent(q)}`,
    headers: { "X-Requested-With": "XMLHttpRequest" },
  });
  const slug = JSON.parse(r.body).results[0]?.slug;
  expect(slug, `a test job for "${q}"`).toBeTruthy();
  return slug;
}

describe("saving jobs", () => {
  it("offers a visitor the login, and saves and removes a member's job from its page", async () => {
    const slug = await slugOf("software developer");
    const visitor = await request(server, { path: `/jobs/${slug}` });
    expect(visitor.body).toContain(`href="/login?next=${encodeURIComponent(`/jobs/${slug}`)}"`);
    // A feed's job is applied to on its employer's site, which its structured data says.
    expect(visitor.body).toContain('"@type":"JobPosting"');
    expect(visitor.body).toContain('"directApply":false');

    const saved = await post("/my-saved-jobs", { intent: "save", slug, back: `/jobs/${slug}` }, student);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/jobs/${slug}`);
    expect(flash(saved)).toBe("Job saved. Find it in My saved jobs.");
    expect((await request(server, { path: `/jobs/${slug}`, cookie: student })).body).toContain("Saved: remove");
    const list = await request(server, { path: "/my-saved-jobs", cookie: student });
    expect(list.body).toContain("Saved jobs (1)");
    expect(list.body).toContain("Software developer");
    expect(list.body).toMatch(/Closes in \d+ days \(15 January 2027\)/);

    const removed = await post("/my-saved-jobs", { intent: "unsave", slug, back: "https://evil.example/" }, student);
    expect(removed.location).toBe("/my-saved-jobs");
    expect((await request(server, { path: "/my-saved-jobs", cookie: student })).body).toContain(
      "You have not saved any jobs yet.",
    );
  });

  it("marks saved jobs in a list, and answers a job that does not exist with 404", async () => {
    const slug = await slugOf("marketing intern");
    await post("/my-saved-jobs", { intent: "save", slug, back: "/jobs?q=marketing" }, student);
    const list = await request(server, { path: "/jobs?q=marketing", cookie: student });
    expect(list.body).toContain(`aria-label="Remove from saved jobs: Marketing intern"`);
    const missing = await post("/my-saved-jobs", { intent: "save", slug: "no-such-job-abc123" }, student);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("That job could not be found. It may have been removed.");
    expect((await post("/my-saved-jobs", { intent: "save", slug }, undefined)).location).toMatch(/^\/login/);
  });
});

describe("job alerts", () => {
  it("saves a search from the list, changes how often it emails, and deletes it; another person's alert is 404", async () => {
    const created = await post(
      "/my-saved-jobs",
      {
        intent: "alert-create",
        list: "/jobs",
        q: "finance",
        location: "London",
        frequency: "weekly",
        back: "/jobs?q=finance&location=London",
      },
      student,
    );
    expect(created.status).toBe(303);
    expect(flash(created)).toContain("Alert created");
    const page = await request(server, { path: "/my-saved-jobs", cookie: student });
    expect(page.body).toContain("Jobs: “finance”, in London");
    const id = /name="id" value="(\d+)"/.exec(page.body)?.[1];
    expect(id).toBeTruthy();

    const other = await loginAs(server, "basic.student@demo.test");
    expect((await post("/my-saved-jobs", { intent: "alert-delete", id: id! }, other)).status).toBe(404);
    expect(
      (await post("/my-saved-jobs", { intent: "alert-frequency", id: id!, frequency: "hourly" }, student)).status,
    ).toBe(400);
    expect(
      flash(await post("/my-saved-jobs", { intent: "alert-frequency", id: id!, frequency: "daily" }, student)),
    ).toBe("Alert changed: it emails daily.");
    const bad = await post(
      "/my-saved-jobs",
      { intent: "alert-create", list: "/jobs", salary_min: "lots", frequency: "daily" },
      student,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("salary_min must be a whole number");
    expect(flash(await post("/my-saved-jobs", { intent: "alert-delete", id: id! }, student))).toBe("Alert deleted.");
    expect((await request(server, { path: "/my-saved-jobs", cookie: student })).body).toContain(
      "You have no job alerts.",
    );
  });
});

describe("/unsubscribe-job-newsletter/{email}", () => {
  const address = "student@demo.test";
  const at = (sig: string | null) =>
    `/unsubscribe-job-newsletter/${encodeURIComponent(address)}${sig === null ? "" : `?sig=${sig}`}`;

  it("unsubscribes nobody with an unsigned or altered link, and says so", async () => {
    for (const sig of [null, "", links.sign("someone.else@demo.test")]) {
      const page = await request(server, { path: at(sig) });
      expect(page.status).toBe(400);
      expect(page.body).toContain(
        "This unsubscribe link is incomplete or has been changed, so it has unsubscribed nobody.",
      );
      expect((await post(at(sig), { "List-Unsubscribe": "One-Click" })).status).toBe(400);
    }
  });

  it("asks on GET, and pauses every alert of the address on the mail provider's one-click POST", async () => {
    await post(
      "/my-saved-jobs",
      { intent: "alert-create", list: "/part-time-jobs", q: "barista", frequency: "daily" },
      student,
    );
    const ask = await request(server, { path: at(links.sign(address)) });
    expect(ask.status).toBe(200);
    expect(ask.body).toContain(`Stop every job alert email to ${address}?`);
    expect((await request(server, { path: "/my-saved-jobs", cookie: student })).body).not.toContain("Emails stopped");

    // RFC 8058: the mail provider posts from its own servers, without cookies or a browser's headers.
    const done = await request(server, { path: at(links.sign(address)), form: { "List-Unsubscribe": "One-Click" } });
    expect(done.status).toBe(200);
    expect(done.body).toContain(`${address} will get no more job alert emails.`);
    expect((await request(server, { path: "/my-saved-jobs", cookie: student })).body).toContain("Emails stopped on");
    // Other pages still refuse cross-site posts.
    expect(
      (
        await post("/my-saved-jobs", { intent: "save", slug: "x" }, student, {
          Origin: "https://mail.example",
          "Sec-Fetch-Site": "cross-site",
        })
      ).status,
    ).toBe(403);
  });
});

describe("/check-a-job-offer", () => {
  it("shows the form, checks an offer as the API does, and names each bad field with 400", async () => {
    const empty = await request(server, { path: "/check-a-job-offer" });
    expect(empty.status).toBe(200);
    expect(empty.body).toContain('<option value="2134 Programmers and software development professionals">');
    const likely = await request(server, {
      path: "/check-a-job-offer?soc=2134+Programmers&salary=%C2%A356%2C000&salaryPeriod=year&hoursPerWeek=37.5&cosDate=2026-11-23&phd=none",
    });
    expect(likely.status).toBe(200);
    expect(likely.body).toContain("Likely to meet the rules (option A)");
    expect(likely.body).toContain('content="noindex"');
    const entrant = await request(server, {
      path: "/check-a-job-offer?soc=2134&salary=40000&cosDate=2026-11-23&newEntrant=on",
    });
    expect(entrant.body).toContain("Likely to meet the rules (option E)");
    const bad = await request(server, {
      path: "/check-a-job-offer?soc=9999&salary=lots&hoursPerWeek=200&cosDate=2020-01-01",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Give the salary as a number");
    expect(bad.body).toContain("Hours a week must be at most 100");
  });
});

describe("search engines", () => {
  it("find every open job in the sitemap", async () => {
    const sitemap = await request(server, { path: "/sitemap.xml" });
    expect(sitemap.body).toContain(`/jobs/${await slugOf("software developer")}</loc><lastmod>`);
    expect(sitemap.body).not.toContain("/jobs/actuarial-analyst");
  });

  it("leave out a job past its closing date: out of search, its page marked closed, noindex, with nothing to apply", async () => {
    const api = await request(server, {
      path: "/api/jobs?q=actuarial",
      headers: { "X-Requested-With": "XMLHttpRequest" },
    });
    expect(JSON.parse(api.body).total).toBe(0);
    const slug = jobSlug("http-tests", { id: "http-6", title: "Actuarial analyst", employer: "Harbour Mutual Ltd" });
    const page = await request(server, { path: `/jobs/${slug}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain("This job has closed (15 October 2026).");
    expect(page.body).toContain('content="noindex"');
    expect(page.body).not.toContain('"JobPosting"');
    expect(page.body).not.toContain(`/jobs/${slug}/apply`);
    expect((await request(server, { path: `/jobs/${slug}/apply` })).location).toBe(`/jobs/${slug}`);
  });
});

describe("events", () => {
  it("records a member's view (the page's beacon), save and application (the page's button, which posts), sends them on to the employer's address, and records nothing for a GET, a visitor or a crawler", async () => {
    const slug = await slugOf("finance analyst");
    const page = await request(server, { path: `/jobs/${slug}`, cookie: student });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<form action="/jobs/${slug}/apply" method="post">`);
    // A GET of the apply address (an old link, a prefetch) sends on and records nothing.
    for (const cookie of [undefined, student]) {
      const got = await request(server, { path: `/jobs/${slug}/apply`, cookie });
      expect(got.status).toBe(302);
      expect(got.headers.location).toBe("https://ledger.example/careers");
    }
    const crawler = {
      ...sameSite(),
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    };
    expect((await post("/api/page-views", { page: "job", job: slug }, student)).status).toBe(204);
    expect((await post("/api/page-views", { page: "job", job: slug })).status).toBe(204);
    expect((await post("/api/page-views", { page: "job", job: slug }, student, crawler)).status).toBe(204);
    expect((await post("/api/page-views", { page: "job", job: "no-such-job" }, student)).status).toBe(404);
    expect((await post("/api/page-views", { page: "everything" }, student)).status).toBe(400);
    // The tools count a member once a day, however often their page is shown.
    for (const tool of ["sponsor-checker", "sponsor-checker", "au-points"])
      expect((await post("/api/page-views", { page: tool }, student)).status).toBe(204);
    await post("/my-saved-jobs", { intent: "save", slug }, student);
    // The button's form has no fields: an empty post.
    const apply = (job: string, cookie?: string, headers = sameSite()) =>
      request(server, { path: `/jobs/${job}/apply`, method: "POST", form: {}, cookie, headers });
    const applied = await apply(slug, student);
    expect(applied.status).toBe(303);
    expect(applied.headers.location).toBe("https://ledger.example/careers");
    expect((await apply(slug)).headers.location).toBe("https://ledger.example/careers");
    expect((await apply(slug, student, crawler)).headers.location).toBe("https://ledger.example/careers");
    const email = await apply(await slugOf("marketing intern"), student);
    expect(email.headers.location).toBe("mailto:jobs@brightmedia.example");

    // The embedded database is the server's alone while it runs.
    if (!server.env.DATABASE_URL) {
      await server.stop();
      running = false;
    }
    const database = await openDatabase(server.env.DATABASE_URL ? { url: server.env.DATABASE_URL } : { dataDir });
    try {
      const [me] = await database.db.select().from(users).where(eq(users.email, "student@demo.test"));
      const rows = await database.db
        .select({ kind: events.kind, universityId: events.universityId })
        .from(events)
        .where(
          and(
            eq(events.userId, me!.id),
            inArray(events.kind, ["job.viewed", "job.saved", "job.applied", "sponsor.checked", "points.calculated"]),
          ),
        );
      // The saves: two in the tests above and this one.
      expect(rows.map((r) => r.kind).sort()).toEqual([
        "job.applied",
        "job.applied",
        "job.saved",
        "job.saved",
        "job.saved",
        "job.viewed",
        "points.calculated",
        "sponsor.checked",
      ]);
      expect(rows.every((r) => r.universityId === me!.universityId)).toBe(true);
      expect(await database.db.select().from(events).where(eq(events.kind, "job.applied"))).toHaveLength(2);
    } finally {
      await database.close();
    }
  });
});
