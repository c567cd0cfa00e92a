import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobSourceRuns, jobSources, jobs } from "~/db/schema";
import { createJobPosting } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { sourceWithRuns, sourcesPage } from "./console.server";

// What the operations console reads of the sources: a page at a time with each one's last run and
// open jobs, failing ones kept by the filter, and one source with its latest runs.
let database: Database;
const ids: Record<"never" | "old" | "recent" | "failing", number> = { never: 0, old: 0, recent: 0, failing: 0 };
const at = (hour: number) => new Date(Date.UTC(2026, 10, 28, hour));

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const source = (values: Partial<typeof jobSources.$inferInsert>) =>
    db
      .insert(jobSources)
      .values({ kind: "greenhouse", url: "https://boards-api.greenhouse.io/v1/boards/x/jobs", ...values })
      .returning({ id: jobSources.id })
      .then(([row]) => row!.id);
  ids.never = await source({ kind: "lever", employerName: "Never Ran Ltd" });
  ids.old = await source({ lastRunAt: at(1), url: "https://api.ashbyhq.com/posting-api/job-board/oldco" });
  ids.recent = await source({ lastRunAt: at(9), failuresInARow: 2 });
  ids.failing = await source({ lastRunAt: at(5), failuresInARow: 3 });
  const run = (sourceId: number, hour: number, outcome: "ok" | "failed", added = 0) =>
    db.insert(jobSourceRuns).values({ sourceId, startedAt: at(hour), durationMs: 10, outcome, added });
  for (let hour = 0; hour < 25; hour++) await run(ids.recent, hour % 10, "ok", hour);
  await run(ids.old, 1, "ok", 4);
  await run(ids.old, 0, "failed");
  await run(ids.failing, 5, "failed");
  await createJobPosting(db, { source: `source:${ids.old}` });
  await createJobPosting(db, { source: `source:${ids.old}` });
  await createJobPosting(db, { source: `source:${ids.old}`, status: "closed" });
  await createJobPosting(db, { source: `source:${ids.old}0` });
});
afterAll(() => database?.close());

const page = (opts: Partial<Parameters<typeof sourcesPage>[1]> = {}) =>
  sourcesPage(database.db, {
    failingOnly: false,
    pattern: null,
    sort: "added",
    dir: "asc",
    offset: 0,
    limit: 25,
    ...opts,
  });

describe("sourcesPage", () => {
  it("gives each source its last run and open jobs, and flags three failed runs in a row", async () => {
    const { rows, total } = await page();
    expect(total).toBe(4);
    expect(rows.map((r) => r.id)).toEqual([ids.never, ids.old, ids.recent, ids.failing]);
    const old = rows[1]!;
    expect([old.lastRun?.outcome, old.lastRun?.added, old.openJobs]).toEqual(["ok", 4, 2]);
    expect(rows[0]!.lastRun).toBeNull();
    expect(rows.map((r) => r.failing)).toEqual([false, false, false, true]);
  });

  it("keeps the failing ones, searches URL and employer, and pages", async () => {
    expect((await page({ failingOnly: true })).rows.map((r) => r.id)).toEqual([ids.failing]);
    expect((await page({ pattern: "%never ran%" })).rows.map((r) => r.id)).toEqual([ids.never]);
    expect((await page({ pattern: "%oldco%" })).rows.map((r) => r.id)).toEqual([ids.old]);
    const second = await page({ offset: 2, limit: 2 });
    expect([second.total, second.rows.map((r) => r.id)]).toEqual([4, [ids.recent, ids.failing]]);
  });

  it("sorts by last run with a source never run as the longest ago", async () => {
    expect((await page({ sort: "lastRun", dir: "asc" })).rows.map((r) => r.id)).toEqual([
      ids.never,
      ids.old,
      ids.failing,
      ids.recent,
    ]);
    expect((await page({ sort: "lastRun", dir: "desc" })).rows.map((r) => r.id)).toEqual([
      ids.recent,
      ids.failing,
      ids.old,
      ids.never,
    ]);
  });
});

describe("sourceWithRuns", () => {
  it("gives a source's latest 20 runs, newest first, or null for no such source", async () => {
    const source = await sourceWithRuns(database.db, ids.recent, at(12));
    expect(source?.runs).toHaveLength(20);
    const times = source!.runs.map((r) => r.startedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(source!.runs[0]!.startedAt).toEqual(at(9));
    expect(await sourceWithRuns(database.db, 999_999, at(12))).toBeNull();
    expect(source!.queue).toBeNull();
  });

  it("says where its run in the job queue stands: queued, running (a runner's lease) or failed", async () => {
    const queue = (sourceId: number, values: Partial<typeof jobs.$inferInsert>) =>
      database.db.insert(jobs).values({
        kind: "job-sources.run",
        key: `job-source:${sourceId}`,
        payload: { sourceId },
        runAt: at(11),
        ...values,
      });
    await queue(ids.old, {});
    await queue(ids.failing, { lockedUntil: at(13) });
    await queue(ids.never, { failedAt: at(11) });
    const states = await Promise.all(
      [ids.old, ids.failing, ids.never].map(async (id) => (await sourceWithRuns(database.db, id, at(12)))?.queue),
    );
    expect(states).toEqual(["queued", "running", "failed"]);
  });
});
