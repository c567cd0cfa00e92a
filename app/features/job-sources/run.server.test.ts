import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { jobIsListed, jobPostings, jobSourceRuns } from "~/db/schema";
import { manualClock } from "../../../tests/support/clock";
import { createTestDatabase } from "../../../tests/support/test-db";
import { loadConfig } from "~/lib/env.server";
import { type RunDeps, dueSources, runSource } from "./run.server";
import { runDeps } from "./service.server";
import { addSource, listSources, sourceName } from "./sources.server";

// A source's runs over real HTTP: a local server plays a Greenhouse board, a JSON Lines feed and a
// careers site with robots.txt; each answer below is what the test says the server gives.
/** `hang`: the headers and the body's start, then nothing more (an answer that never finishes). */
type Answer = { status?: number; type?: string; body: string; etag?: string; location?: string; hang?: boolean };
const answers = new Map<string, Answer[]>();
const asked: { path: string; ifNoneMatch?: string }[] = [];
let server: http.Server;
let base: string;
let database: Database;
const clock = manualClock(new Date("2026-11-28T09:00:00Z"));
let deps: RunDeps;

const board = (...jobs: { id: number; title: string; content?: string }[]) =>
  JSON.stringify({
    jobs: jobs.map((j) => ({
      id: j.id,
      title: j.title,
      absolute_url: `https://boards.acme.test/jobs/${j.id}`,
      updated_at: "2026-11-20T10:00:00Z",
      company_name: "Acme Analytics",
      location: { name: "Leeds, UK" },
      content: j.content ?? "&lt;p&gt;Work with data.&lt;/p&gt;",
    })),
  });
const serve = (path: string, ...list: Answer[]) => answers.set(path, list);
const stored = (id: number) =>
  database.db
    .select()
    .from(jobPostings)
    .where(eq(jobPostings.source, sourceName(id)))
    .orderBy(jobPostings.externalId);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://127.0.0.1");
    asked.push({ path: url.pathname, ifNoneMatch: req.headers["if-none-match"] as string | undefined });
    const list = answers.get(url.pathname);
    if (!list?.length) return void res.writeHead(404).end();
    // The last answer stays; earlier ones are given once each (a 500 then a 200).
    const answer = list.length > 1 ? list.shift()! : list[0]!;
    if (answer.etag && req.headers["if-none-match"] === answer.etag) return void res.writeHead(304).end();
    if (answer.hang) return void res.writeHead(200, { "content-type": "application/json" }).write(answer.body);
    res
      .writeHead(answer.status ?? 200, {
        "content-type": answer.type ?? "application/json",
        ...(answer.etag ? { etag: answer.etag } : {}),
        ...(answer.location ? { location: answer.location } : {}),
      })
      .end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  deps = {
    db: database.db,
    clock,
    rootDir: process.cwd(),
    contactUrl: "https://careers.example",
    keys: {},
    fetch: { allowLoopback: true, wait: async () => {}, headersTimeoutMs: 5_000 },
  };
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database?.close();
});

describe("a Greenhouse board's runs", () => {
  let id: number;

  it("imports the board's jobs, judged and classified, and keeps its ETag", async () => {
    id = (
      await addSource(
        database.db,
        { kind: "greenhouse", url: `${base}/v1/boards/acme/jobs`, employer: null, everyMinutes: 360 },
        SYSTEM_ACTOR,
        clock(),
      )
    ).id;
    serve("/v1/boards/acme/jobs", {
      body: board({ id: 1, title: "Software Developer" }, { id: 2, title: "Data Analyst" }),
      etag: '"v1"',
    });
    expect(await runSource(deps, id)).toMatchObject({ outcome: "ok", added: 2, closed: 0, refused: 0 });
    const jobs = await stored(id);
    expect(jobs.map((j) => [j.externalId, j.title, j.employerName, j.town])).toEqual([
      ["1", "Software Developer", "Acme Analytics", "Leeds"],
      ["2", "Data Analyst", "Acme Analytics", "Leeds"],
    ]);
    // The classifier gave the developer an occupation; every job has a verdict under today's rules.
    expect(jobs[0]!.socCode).toBe("2134");
    expect(jobs.every((j) => j.sponsorshipRules)).toBe(true);
    expect(asked.at(-1)!.path).toBe("/v1/boards/acme/jobs");
  });

  it("asks again with the ETag: an unchanged board answers 304 and nothing is written", async () => {
    const before = (await stored(id)).map((j) => j.updatedAt.getTime());
    clock.advance(7 * 60 * 60_000);
    expect(await runSource(deps, id)).toMatchObject({ outcome: "unchanged", added: 0, updated: 0 });
    expect(asked.at(-1)!.ifNoneMatch).toBe('"v1"');
    expect((await stored(id)).map((j) => j.updatedAt.getTime())).toEqual(before);
  });

  it("closes a job the board no longer lists, and adds a new one", async () => {
    serve("/v1/boards/acme/jobs", {
      body: board({ id: 2, title: "Data Analyst" }, { id: 3, title: "Nurse" }),
      etag: '"v2"',
    });
    // The analyst is unchanged, so it is not written (nor counted as updated).
    expect(await runSource(deps, id)).toMatchObject({ outcome: "ok", added: 1, updated: 0, closed: 1 });
    expect((await stored(id)).map((j) => [j.externalId, j.status])).toEqual([
      ["1", "closed"],
      ["2", "open"],
      ["3", "open"],
    ]);
  });

  it("retries a 500 and takes the 200 that follows", async () => {
    serve(
      "/v1/boards/acme/jobs",
      { status: 500, type: "text/plain", body: "busy" },
      { body: board({ id: 2, title: "Data Analyst" }, { id: 3, title: "Nurse" }), etag: '"v3"' },
    );
    const before = (await stored(id)).map((j) => j.updatedAt.getTime());
    // The same jobs in a new answer: nothing changed, so nothing is written.
    expect(await runSource(deps, id)).toMatchObject({ outcome: "ok", added: 0, updated: 0, closed: 0 });
    expect((await stored(id)).map((j) => j.updatedAt.getTime())).toEqual(before);
  });

  it("refuses HTML where JSON was expected, and invalid JSON, leaving the jobs held; three in a row flag it", async () => {
    serve("/v1/boards/acme/jobs", { type: "text/html", body: "<html>Maintenance</html>" });
    const html = await runSource(deps, id);
    expect(html!.outcome).toBe("failed");
    expect(html!.errors[0]).toMatch(/html/i);
    serve("/v1/boards/acme/jobs", { body: '{"jobs": [' });
    expect((await runSource(deps, id))!.outcome).toBe("failed");
    expect((await stored(id)).filter((j) => j.status === "open").map((j) => j.externalId)).toEqual(["2", "3"]);
    expect((await listSources(database.db)).find((s) => s.id === id)!.failing).toBe(false);
    serve("/v1/boards/acme/jobs", { status: 404, type: "text/plain", body: "gone" });
    expect((await runSource(deps, id))!.outcome).toBe("failed");
    const listed = (await listSources(database.db)).find((s) => s.id === id)!;
    expect(listed.failing).toBe(true);
    expect(listed.lastRun!.outcome).toBe("failed");
    const runs = await database.db.select().from(jobSourceRuns).where(eq(jobSourceRuns.sourceId, id));
    expect(runs.map((r) => r.outcome)).toEqual(["ok", "unchanged", "ok", "ok", "failed", "failed", "failed"]);
    // The next good answer clears the flag.
    serve("/v1/boards/acme/jobs", {
      body: board({ id: 2, title: "Data Analyst" }, { id: 3, title: "Nurse" }),
      etag: '"v3b"',
    });
    expect((await runSource(deps, id))!.outcome).toBe("ok");
    expect((await listSources(database.db)).find((s) => s.id === id)!.failing).toBe(false);
  });

  it("refuses a redirect loop and an answer past the size limit, in the run's report, leaving the jobs held", async () => {
    serve("/v1/boards/acme/jobs", { status: 302, body: "", location: "/v1/boards/acme/jobs" });
    const loop = await runSource(deps, id);
    expect(loop).toMatchObject({ outcome: "failed" });
    expect(loop!.errors[0]).toMatch(/redirect/i);
    serve("/v1/boards/acme/jobs", {
      body: board(...Array.from({ length: 400 }, (_, i) => ({ id: 100 + i, title: "Analyst" }))),
    });
    const large = await runSource({ ...deps, fetch: { ...deps.fetch, maxBytes: 10_000 } }, id);
    expect(large).toMatchObject({ outcome: "failed" });
    expect(large!.errors[0]).toMatch(/large|bytes|MB|kB/i);
    expect((await stored(id)).filter((j) => j.status === "open").map((j) => j.externalId)).toEqual(["2", "3"]);
  });

  it("takes its size limit from JOB_SOURCE_MAX_MB", async () => {
    const config = loadConfig({ JOB_SOURCE_MAX_MB: "1", ALLOW_LOOPBACK_FETCH: "true" });
    const configured = runDeps(database.db, config, clock, process.cwd());
    serve("/v1/boards/acme/jobs", {
      body: board(...Array.from({ length: 3_000 }, (_, i) => ({ id: 100 + i, title: "Analyst ".repeat(40) }))),
    });
    // The test's waits and timeouts, the configuration's limit.
    const large = await runSource({ ...deps, fetch: { ...configured.fetch, ...deps.fetch } }, id);
    expect(large!.errors).toEqual([`${base}/v1/boards/acme/jobs answered more than 1 MB; the answer was refused.`]);
    expect((await stored(id)).filter((j) => j.status === "open").map((j) => j.externalId)).toEqual(["2", "3"]);
  });

  it("refuses an answer that does not finish within its time, in the run's report, leaving the jobs held", async () => {
    serve("/v1/boards/acme/jobs", { body: '{"jobs":[', hang: true });
    const slow = await runSource({ ...deps, fetch: { ...deps.fetch, bodyTimeoutMs: 200 } }, id);
    expect(slow).toMatchObject({ outcome: "failed", added: 0, updated: 0, closed: 0 });
    expect(slow!.errors[0]).toBe(`${base}/v1/boards/acme/jobs did not finish its answer within 0.2 s.`);
    expect((await stored(id)).filter((j) => j.status === "open").map((j) => j.externalId)).toEqual(["2", "3"]);
  });

  it("reports a job whose description is empty once made Markdown and closes nothing; fails a board of such jobs", async () => {
    const empty = "&lt;p&gt; &lt;/p&gt;&lt;br&gt;";
    serve("/v1/boards/acme/jobs", {
      body: board({ id: 3, title: "Nurse" }, { id: 4, title: "Porter", content: empty }),
    });
    const one = await runSource(deps, id);
    expect(one).toMatchObject({ outcome: "ok", added: 0, updated: 0, closed: 0, refused: 1 });
    expect(one!.errors).toEqual(["job 4: description is required"]);
    serve("/v1/boards/acme/jobs", { body: board({ id: 4, title: "Porter", content: empty }) });
    const all = await runSource(deps, id);
    expect(all).toMatchObject({ outcome: "failed", added: 0, closed: 0 });
    expect(all!.errors).toEqual(["job 4: description is required"]);
    expect((await stored(id)).filter((j) => j.status === "open").map((j) => j.externalId)).toEqual(["2", "3"]);
  });

  it("is due again once its interval has passed since its last run", async () => {
    expect(await dueSources(database.db, clock())).not.toContain(id);
    expect(await dueSources(database.db, new Date(clock().getTime() + 6 * 60 * 60_000))).toContain(id);
  });
});

describe("merging and keys", () => {
  it("lists once a vacancy that a feed and the board both carry", async () => {
    serve("/v1/boards/acme/jobs", {
      body: board({ id: 2, title: "Data Analyst" }, { id: 3, title: "Nurse" }),
      etag: '"v4"',
    });
    const greenhouse = (await listSources(database.db))[0]!.id;
    expect((await runSource(deps, greenhouse))!.outcome).toBe("ok");
    const feed = await addSource(
      database.db,
      { kind: "feed", url: `${base}/feeds/jobs.jsonl`, employer: null, everyMinutes: 60 },
      SYSTEM_ACTOR,
      clock(),
    );
    const line = {
      id: "x-9",
      title: "Data analyst",
      employer: "Acme Analytics",
      type: "full-time",
      description: "Work with data.",
      apply_url: "https://boards.acme.test/jobs/2?utm_source=feed",
      posted_at: "2026-11-21",
    };
    serve("/feeds/jobs.jsonl", { type: "application/x-ndjson", body: `${JSON.stringify(line)}\n` });
    expect(await runSource(deps, feed.id)).toMatchObject({ outcome: "ok", added: 1 });
    const [duplicate] = await stored(feed.id);
    const [original] = (await stored(greenhouse)).filter((j) => j.externalId === "2");
    expect(duplicate!.duplicateOf).toBe(original!.id);
    const listed = await database.db
      .select({ id: jobPostings.id })
      .from(jobPostings)
      .where(and(jobIsListed, eq(jobPostings.title, "Data analyst")));
    expect(listed).toEqual([]);
  });

  it("crawls the pages a sitemap lists, asking robots.txt first", async () => {
    const posting = (title: string) =>
      `<html><head><script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "JobPosting",
        title,
        description: "<p>Care for patients.</p>",
        datePosted: "2026-11-22",
        employmentType: "FULL_TIME",
        hiringOrganization: { "@type": "Organization", name: "Bramble Care" },
        jobLocation: {
          "@type": "Place",
          address: { "@type": "PostalAddress", addressLocality: "York", addressCountry: "GB" },
        },
        identifier: { "@type": "PropertyValue", value: title.toLowerCase().replace(/ /g, "-") },
      })}</script></head><body></body></html>`;
    serve("/robots.txt", { type: "text/plain", body: "User-agent: *\nDisallow: /private/\n" });
    serve("/sitemap.xml", {
      type: "application/xml",
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/careers/nurse</loc></url><url><loc>${base}/private/secret</loc></url></urlset>`,
    });
    serve("/careers/nurse", { type: "text/html", body: posting("Staff Nurse") });
    serve("/private/secret", { type: "text/html", body: posting("Hidden Role") });
    const site = await addSource(
      database.db,
      { kind: "jsonld", url: `${base}/sitemap.xml`, employer: null, everyMinutes: 360 },
      SYSTEM_ACTOR,
      clock(),
    );
    const run = await runSource(deps, site.id);
    expect(run).toMatchObject({ outcome: "ok", added: 1, refused: 1 });
    expect(run!.errors[0]).toContain("robots.txt");
    expect((await stored(site.id)).map((j) => [j.title, j.employerName, j.town])).toEqual([
      ["Staff Nurse", "Bramble Care", "York"],
    ]);
    expect(asked.some((a) => a.path === "/private/secret")).toBe(false);
  });

  it("completes SmartRecruiters' list with each posting's own answer, where its description is", async () => {
    const item = {
      id: "sr-1",
      name: "Ward Nurse",
      ref: `${base}/v1/companies/acme/postings/sr-1`,
      company: { name: "Acme Care" },
      releasedDate: "2026-11-20T09:00:00.000Z",
      location: { city: "York", country: "gb" },
    };
    serve("/v1/companies/acme/postings", {
      body: JSON.stringify({ offset: 0, limit: 100, totalFound: 1, content: [item] }),
    });
    serve("/v1/companies/acme/postings/sr-1", {
      body: JSON.stringify({
        ...item,
        applyUrl: "https://jobs.smartrecruiters.com/AcmeCare/sr-1-ward-nurse?oga=true",
        jobAd: { sections: { jobDescription: { title: "The role", text: "<p>Care for patients on the ward.</p>" } } },
      }),
    });
    const source = await addSource(
      database.db,
      { kind: "smartrecruiters", url: `${base}/v1/companies/acme/postings`, employer: null, everyMinutes: 360 },
      SYSTEM_ACTOR,
      clock(),
    );
    const run = await runSource(deps, source.id);
    expect(run, run!.errors.join("; ")).toMatchObject({ outcome: "ok", added: 1, refused: 0 });
    const [job] = await stored(source.id);
    expect([job!.title, job!.employerName, job!.town]).toEqual(["Ward Nurse", "Acme Care", "York"]);
    expect(job!.descriptionMarkdown).toContain("Care for patients on the ward.");
  });

  it("fails a kind that needs an API key when none is configured, naming the setting", async () => {
    const adzuna = await addSource(
      database.db,
      { kind: "adzuna", url: `${base}/v1/api/jobs/gb/search/1`, employer: null, everyMinutes: 360 },
      SYSTEM_ACTOR,
      clock(),
    );
    const run = await runSource(deps, adzuna.id);
    expect(run!.outcome).toBe("failed");
    expect(run!.errors[0]).toContain("ADZUNA_KEY");
  });

  it("answers null for a source that does not exist", async () => {
    expect(await runSource(deps, 9999)).toBeNull();
  });
});
