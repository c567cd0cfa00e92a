import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobPostings, jobSourceRuns, jobSources, jobs } from "~/db/schema";
import { createJobPosting } from "../support/factories";
import {
  DEMO_STAFF_TOTP,
  type TestServer,
  authenticatorCode,
  cookieSet,
  loginAs,
  loginAsStaff,
  request,
  startServerWithData,
} from "./harness";

// The console's job sources (issue 32): staff list the sources with their last runs and a Failing
// flag, add one (checked as the command checks it), run one now through the job queue (one run a
// source at a time), turn it off and on, and remove it, its open jobs closing; each audited. A local
// server plays the Greenhouse boards; the board of `held` answers only when the test lets it.
let board: http.Server;
let boardBase: string;
/** The held board: `arrived` once a run asked it, `release()` answers every request it holds. */
const held = (() => {
  let arrive = () => {};
  let waiting: http.ServerResponse[] = [];
  return {
    arrived: new Promise<void>((resolve) => (arrive = resolve)),
    hold(res: http.ServerResponse) {
      waiting.push(res);
      arrive();
    },
    release() {
      for (const res of waiting) res.writeHead(200, { "content-type": "application/json" }).end('{"jobs":[]}');
      waiting = [];
    },
  };
})();

let server: TestServer;
let staff: string;
let ids: { held: number; failing: number; removed: number; quiet: number; removedJobs: number[] };
let stopAndRead: Awaited<ReturnType<typeof startServerWithData>>["stopAndRead"];

beforeAll(async () => {
  board = http.createServer((req, res) => {
    if (req.url?.startsWith("/held/")) return held.hold(res);
    res.writeHead(200, { "content-type": "application/json" }).end('{"jobs":[]}');
  });
  await new Promise<void>((resolve) => board.listen(0, "127.0.0.1", resolve));
  boardBase = `http://127.0.0.1:${(board.address() as AddressInfo).port}`;
  const started = await startServerWithData(async (db) => {
    // Run just now, so the schedule leaves them alone for hours: only "Run now" runs them.
    const source = (values: Partial<typeof jobSources.$inferInsert>) =>
      db
        .insert(jobSources)
        .values({ kind: "greenhouse", url: `${boardBase}/v1/boards/acme/jobs`, lastRunAt: new Date(), ...values })
        .returning({ id: jobSources.id })
        .then(([row]) => row!.id);
    const heldId = await source({ url: `${boardBase}/held/v1/boards/acme/jobs`, employerName: "Held Board Ltd" });
    const failing = await source({ url: `${boardBase}/v1/boards/broken/jobs`, failuresInARow: 3 });
    await db.insert(jobSourceRuns).values({
      sourceId: failing,
      startedAt: new Date(),
      durationMs: 1200,
      outcome: "failed",
      errors: ["https://boards.example/v1/jobs answered HTTP 503 Service Unavailable (3 attempts)."],
    });
    // A run of it asked for earlier gave up in the job queue, and is kept there for the operator.
    await db.insert(jobs).values({
      kind: "job-sources.run",
      key: `job-source:${failing}`,
      payload: { sourceId: failing },
      runAt: new Date(),
      failedAt: new Date(),
      lastError: "Error: the database went away",
    });
    const removed = await source({ url: `${boardBase}/v1/boards/closing/jobs`, employerName: "Closing Co" });
    const open = (n: number) => createJobPosting(db, { source: `source:${removed}`, externalId: `closing-${n}` });
    const removedJobs = [(await open(1)).id, (await open(2)).id];
    await createJobPosting(db, { source: `source:${removed}`, externalId: "closing-3", status: "closed" });
    const quiet = await source({ url: `${boardBase}/v1/boards/quiet/jobs`, failuresInARow: 2 });
    return { held: heldId, failing, removed, quiet, removedJobs };
  });
  server = started.server;
  ids = started.prepared;
  stopAndRead = started.stopAndRead;
  staff = await loginAsStaff(server);
});
afterAll(async () => {
  held.release();
  await server?.stop();
  await new Promise((resolve) => board?.close(resolve));
});

const sameSite = () => ({ Origin: server.origin, "Sec-Fetch-Site": "same-origin" });
const get = (path: string, cookie = staff) => request(server, { path, cookie });
const post = (path: string, form: Record<string, string>, cookie = staff) =>
  request(server, { path, cookie, headers: sameSite(), form });
/** The table row of a page that holds `text`. */
const rowWith = (body: string, text: string) =>
  new RegExp(
    `<tr[^>]*>(?:(?!</tr>)[\\s\\S])*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:(?!</tr>)[\\s\\S])*</tr>`,
  ).exec(body)?.[0] ?? "";
const auditRow = async (action: string, id: number) =>
  rowWith((await get(`/ops/audit?what=${action}`)).body, `job_source ${id}`);

describe("/ops/job-sources", () => {
  it("lists the sources for staff, flags one failing three runs in a row in words, and is 404 for others", async () => {
    const page = await get("/ops/job-sources");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toMatch(/private|no-store/);
    const failing = rowWith(page.body, `#${ids.failing} greenhouse`);
    expect(failing).toContain("Failing: 3 runs in a row");
    expect(failing).toContain("failed, +0 ~0 -0, 0 refused");
    expect(rowWith(page.body, `#${ids.quiet} greenhouse`)).not.toContain("Failing");
    const removed = rowWith(page.body, `#${ids.removed} greenhouse`);
    expect(removed).toContain("Closing Co");
    expect(removed).toContain("every 6 hours");
    expect(removed).toMatch(/<td[^>]*>2<\/td>/);
    const only = await get("/ops/job-sources?failing=1");
    expect(only.body).toContain(`#${ids.failing} greenhouse`);
    expect(only.body).not.toContain(`#${ids.quiet} greenhouse`);
    expect(only.body).toMatch(/<input[^>]*name="failing"[^>]*checked=""/);
    expect((await get("/ops/job-sources")).body).not.toMatch(/<input[^>]*name="failing"[^>]*checked=""/);
    const overview = await get("/ops");
    expect(overview.body).toMatch(/href="\/ops\/job-sources\?failing=1"[^>]*>1 job source failing/);
    expect(overview.body).toContain('href="/ops/job-sources"');
    for (const path of ["/ops/job-sources", `/ops/job-sources/${ids.failing}`])
      expect((await get(path, await loginAs(server, "student@demo.test"))).status).toBe(404);
    expect(
      (await post(`/ops/job-sources/${ids.quiet}`, { intent: "off" }, await loginAs(server, "admin@demo.test"))).status,
    ).toBe(404);
  });

  it("shows a source's settings, its runs with their first errors, and a run that failed in the queue", async () => {
    const page = await get(`/ops/job-sources/${ids.failing}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Failing: 3 runs in a row");
    expect(rowWith(page.body, "failed")).toContain("answered HTTP 503 Service Unavailable (3 attempts).");
    expect(page.body).toContain(">Run now<");
    expect(page.body).toContain(">Turn off<");
    expect(page.body).toContain("failed in the job queue");
    const refused = await post(`/ops/job-sources/${ids.failing}`, { intent: "run" });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(`A run of source #${ids.failing} failed in the job queue`);
    expect((await get("/ops/job-sources/999999")).status).toBe(404);
    expect((await get("/ops/job-sources/abc")).status).toBe(404);
  });

  it("adds a source, audited, and refuses bad input with each field's error and nothing stored", async () => {
    const bad = await post("/ops/job-sources", { kind: "myspace", url: "ftp://x", employer: "", every: "often" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("The kind must be one of greenhouse");
    expect(bad.body).toContain("The address must be a full http or https URL");
    expect(bad.body).toContain("How often must be like 30m, 6h or 1d");
    const tooOften = await post("/ops/job-sources", { kind: "lever", url: `${boardBase}/v0/postings/x`, every: "5m" });
    expect(tooOften.status).toBe(400);
    expect(tooOften.body).toContain("A source runs at most every 15 minutes");
    expect((await get("/ops/job-sources?q=postings")).body).not.toContain("/v0/postings/x");

    const url = `${boardBase}/v1/boards/newco/jobs`;
    const added = await post("/ops/job-sources", { kind: "greenhouse", url, employer: "Newco", every: "12h" });
    expect(added.status).toBe(303);
    const id = Number(/^\/ops\/job-sources\/(\d+)$/.exec(added.location ?? "")?.[1]);
    expect(cookieSet(added, "flash")).toBe(`Source #${id} is added.`);
    const row = rowWith((await get("/ops/job-sources?q=newco")).body, `#${id} greenhouse`);
    expect(row).toContain(url);
    expect(row).toContain("Newco");
    expect(row).toContain("every 12 hours");
    const entry = await auditRow("job_source.added", id);
    expect(entry).toContain("Priya Natarajan (ops@demo.test)");
    expect(entry).toContain("everyMinutes");
  });

  it("runs a source now through the job queue, one run at a time, audited", async () => {
    const path = `/ops/job-sources/${ids.held}`;
    const queued = await post(path, { intent: "run" });
    expect(queued.status).toBe(303);
    expect(queued.location).toBe(path);
    expect(cookieSet(queued, "flash")).toContain(`A run of source #${ids.held} is queued`);
    // The board holds its answer: the run is queued or running, so a second is refused.
    const queue = await get("/ops/queue?kind=job-sources.run");
    expect(rowWith(queue.body, `&quot;sourceId&quot;:${ids.held}`)).toContain("job-sources.run");
    expect((await get(path)).body).toMatch(/A run is (queued|running) now/);
    const again = await post(path, { intent: "run" });
    expect(again.status).toBe(409);
    expect(again.body).toContain(`A run of source #${ids.held} is queued or running already.`);
    expect(await auditRow("job_source.run_requested", ids.held)).toContain("Priya Natarajan (ops@demo.test)");
    await held.arrived;
    held.release();
    await server.waitForOutput(`Job source #${ids.held}: ok, 0 added`);
    const page = await get(path);
    expect(rowWith(page.body, "+0 ~0 -0, 0 refused")).toContain(">ok<");
  });

  it("turns a source off and on, audited, and says when it already is", async () => {
    const path = `/ops/job-sources/${ids.quiet}`;
    const off = await post(path, { intent: "off" });
    expect(off.status).toBe(303);
    expect(cookieSet(off, "flash")).toContain(`Source #${ids.quiet} is off`);
    expect(rowWith((await get("/ops/job-sources")).body, `#${ids.quiet} greenhouse`)).toMatch(/<td[^>]*>off<\/td>/);
    expect((await get(path)).body).toContain(">Turn on<");
    expect((await post(path, { intent: "off" })).status).toBe(409);
    expect(await auditRow("job_source.off", ids.quiet)).toContain("enabled: true → false");
    expect((await post(path, { intent: "on" })).status).toBe(303);
    expect(rowWith((await get("/ops/job-sources")).body, `#${ids.quiet} greenhouse`)).toContain("every 6 hours");
    expect(await auditRow("job_source.on", ids.quiet)).toContain("enabled: false → true");
    expect((await post(path, { intent: "explode" })).status).toBe(400);
    expect((await post("/ops/job-sources/999999", { intent: "off" })).status).toBe(404);
  });

  it("removes a source with a fresh code, audited: its open jobs close and the page says how many", async () => {
    const page = await get(`/ops/job-sources/${ids.removed}`);
    expect(page.body).toContain("Its 2 open jobs close, their pages saying so: this cannot be undone.");
    // Without a code, or with a wrong one: 401, and the source stays.
    for (const code of ["", "12345x"]) {
      const refused = await post(`/ops/job-sources/${ids.removed}`, { intent: "remove", code });
      expect(refused.status).toBe(401);
      expect(refused.body).toContain(code ? "That code is not right" : "Enter the authentication code from your app");
    }
    expect((await get(`/ops/job-sources/${ids.removed}`)).status).toBe(200);
    const removed = await post(`/ops/job-sources/${ids.removed}`, {
      intent: "remove",
      code: authenticatorCode(DEMO_STAFF_TOTP, 1),
    });
    expect(removed.status).toBe(303);
    expect(removed.location).toBe("/ops/job-sources");
    expect(cookieSet(removed, "flash")).toBe(`Source #${ids.removed} is removed; 2 open jobs closed.`);
    expect((await get(`/ops/job-sources/${ids.removed}`)).status).toBe(404);
    expect(await auditRow("job_source.removed", ids.removed)).toContain("closedJobs");
    const jobs = await stopAndRead((db) =>
      db
        .select({ id: jobPostings.id, status: jobPostings.status })
        .from(jobPostings)
        .where(eq(jobPostings.source, `source:${ids.removed}`)),
    );
    expect(jobs).toHaveLength(3);
    expect(jobs.every((j) => j.status === "closed")).toBe(true);
    expect(jobs.map((j) => j.id)).toEqual(expect.arrayContaining(ids.removedJobs));
  });
});
