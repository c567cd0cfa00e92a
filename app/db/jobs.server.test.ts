import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { manualClock } from "../../tests/support/clock";
import { createTestDatabase } from "../../tests/support/test-db";
import {
  JobRunner,
  enqueueJobs,
  abandonFailedJob,
  backoffMs,
  enqueueJob,
  enqueueJobOnce,
  jobKinds,
  jobsPage,
  oldestWaitingJob,
  queueFigures,
  removeFailedJobs,
  retryFailedJob,
} from "./jobs.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

describe("the job queue", () => {
  it("runs a due job once and removes it", async () => {
    const clock = manualClock();
    const runner = new JobRunner(database.db, clock);
    const seen: unknown[] = [];
    runner.handle("greet", async (payload) => void seen.push(payload));
    await enqueueJob(database.db, "greet", { name: "Aisha" }, clock());
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ name: "Aisha" }]);
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it("keeps a job until its time, and leaves kinds it has no handler for", async () => {
    const clock = manualClock();
    const runner = new JobRunner(database.db, clock);
    let runs = 0;
    runner.handle("later", async () => void runs++);
    await enqueueJob(database.db, "later", {}, new Date(clock().getTime() + 60_000));
    await enqueueJob(database.db, "someone-else", {}, clock());
    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect((await database.db.select().from(jobs)).map((j) => j.kind)).toEqual(["someone-else"]);
  });

  it("tries a failing job again after a growing wait, then gives up and keeps the error", async () => {
    const clock = manualClock();
    const runner = new JobRunner(database.db, clock, { maxAttempts: 3 });
    let attempts = 0;
    runner.handle("flaky", async () => {
      attempts++;
      throw new Error("SMTP server said no");
    });
    const id = await enqueueJob(database.db, "flaky", {}, clock());
    expect(await runner.runDue()).toBe(1);
    clock.advance(backoffMs(1) - 1);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    clock.advance(backoffMs(2));
    expect(await runner.runDue()).toBe(1);
    clock.advance(24 * 60 * 60_000);
    expect(await runner.runDue()).toBe(0);
    expect(attempts).toBe(3);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ attempts: 3, lastError: expect.stringContaining("SMTP server said no") });
    expect(job?.failedAt).not.toBeNull();
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
  });

  it("gives the job of a runner that stopped mid-way to another once the lease ends, not before", async () => {
    const clock = manualClock();
    const crashed = new JobRunner(database.db, clock, { leaseMs: 60_000 });
    // A handler that never settles stands for a process killed while sending.
    crashed.handle("send", () => new Promise(() => {}));
    await enqueueJob(database.db, "send", { n: 1 }, clock());
    void crashed.runDue();
    await expect.poll(async () => (await database.db.select().from(jobs))[0]?.lockedUntil).not.toBeNull();

    const other = new JobRunner(database.db, clock, { leaseMs: 60_000 });
    const done: unknown[] = [];
    other.handle("send", async (payload, job) => void done.push({ payload, attempts: job.attempts }));
    expect(await other.runDue()).toBe(0);
    clock.advance(60_001);
    expect(await other.runDue()).toBe(1);
    expect(done).toEqual([{ payload: { n: 1 }, attempts: 2 }]);
  });

  it("on stop hands back at once the jobs it claimed and has not started, and lets the one under way finish", async () => {
    const clock = manualClock();
    const stopping = new JobRunner(database.db, clock, { pollMs: 60 * 60_000 });
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const ranHere: unknown[] = [];
    stopping.handle("send", async (payload) => {
      ranHere.push(payload);
      started();
      await finished;
    });
    await enqueueJobs(database.db, "send", [{ n: 1 }, { n: 2 }, { n: 3 }], clock());
    stopping.start();
    await firstStarted;
    // The whole batch is claimed before the first job starts.
    expect((await database.db.select().from(jobs)).every((j) => j.lockedUntil && j.attempts === 1)).toBe(true);

    const stopped = stopping.stop(60_000);
    const other = new JobRunner(database.db, clock);
    const ranThere: unknown[] = [];
    other.handle("send", async (payload, job) => void ranThere.push({ payload, attempts: job.attempts }));
    // No lease had to end (the clock stands still): the two not started run elsewhere as first attempts.
    await expect.poll(async () => (await other.runDue(), ranThere.length)).toBe(2);
    expect(ranThere).toEqual([
      { payload: { n: 2 }, attempts: 1 },
      { payload: { n: 3 }, attempts: 1 },
    ]);
    expect((await database.db.select().from(jobs)).map((j) => j.payload)).toEqual([{ n: 1 }]);

    finish();
    await stopped;
    expect(ranHere).toEqual([{ n: 1 }]);
    expect(await database.db.select().from(jobs)).toEqual([]);
    expect(stopping.stop()).toBe(stopped);
  });

  it("on stop leaves a job that outlives the grace time its lease, to run again once the lease ends", async () => {
    const clock = manualClock();
    const stopping = new JobRunner(database.db, clock, { leaseMs: 60_000, pollMs: 60 * 60_000 });
    let started!: () => void;
    const jobStarted = new Promise<void>((resolve) => (started = resolve));
    // Never settles: a send the grace time does not wait for.
    stopping.handle("send", () => (started(), new Promise(() => {})));
    await enqueueJob(database.db, "send", { n: 1 }, clock());
    stopping.start();
    await jobStarted;
    await stopping.stop(0);

    const other = new JobRunner(database.db, clock, { leaseMs: 60_000 });
    other.handle("send", async () => {});
    expect(await other.runDue()).toBe(0);
    clock.advance(60_001);
    expect(await other.runDue()).toBe(1);
  });

  it("refuses a second handler for the same kind", () => {
    const runner = new JobRunner(database.db);
    runner.handle("one", async () => {});
    expect(() => runner.handle("one", async () => {})).toThrow(/already registered/);
  });

  it("queues a keyed job once while it waits, and again once it has run", async () => {
    const clock = manualClock();
    expect(await enqueueJobOnce(database.db, "once", "once@1", { n: 1 }, clock())).toBe(true);
    expect(await enqueueJobOnce(database.db, "once", "once@1", { n: 2 }, clock())).toBe(false);
    expect(await enqueueJobOnce(database.db, "once", "once@2", { n: 3 }, clock())).toBe(true);
    const runner = new JobRunner(database.db, clock);
    const seen: unknown[] = [];
    runner.handle("once", async (payload) => void seen.push(payload));
    expect(await runner.runDue()).toBe(2);
    expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
    expect(await enqueueJobOnce(database.db, "once", "once@1", { n: 4 }, clock())).toBe(true);
  });

  it("runs a dated job at each of its times still to come, one row a time however many runners queue it", async () => {
    const clock = manualClock(new Date("2026-12-30T12:00:00Z"));
    const times = [
      new Date("2026-06-01T00:00:00Z"),
      new Date("2026-12-31T00:00:00Z"),
      new Date("2027-01-01T00:00:00Z"),
    ];
    const runs: { payload: unknown; at: string }[] = [];
    const handler = async (payload: Record<string, unknown>) => void runs.push({ payload, at: clock().toISOString() });
    const first = new JobRunner(database.db, clock);
    const second = new JobRunner(database.db, clock);
    first.at("rule-day", async () => times, handler);
    second.at("rule-day", async () => times, handler);
    expect(await first.runDue()).toBe(0);
    expect(await second.runDue()).toBe(0);
    // The past time is left alone; each time to come is one row.
    expect((await database.db.select().from(jobs)).map((j) => [j.key, j.runAt.toISOString()]).sort()).toEqual([
      ["rule-day@2026-12-31T00:00:00.000Z", "2026-12-31T00:00:00.000Z"],
      ["rule-day@2027-01-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
    ]);
    clock.advance(12 * 60 * 60_000 - 1);
    expect(await first.runDue()).toBe(0);
    clock.advance(1);
    expect(await second.runDue()).toBe(1);
    expect(await first.runDue()).toBe(0);
    // A runner started after the first time queues only what is still to come.
    const third = new JobRunner(database.db, clock);
    third.at("rule-day", async () => times, handler);
    expect(await third.runDue()).toBe(0);
    expect(await database.db.select().from(jobs)).toHaveLength(1);
    clock.advance(24 * 60 * 60_000);
    expect(await third.runDue()).toBe(1);
    expect(runs).toEqual([
      { payload: { at: "2026-12-31T00:00:00.000Z" }, at: "2026-12-31T00:00:00.000Z" },
      { payload: { at: "2027-01-01T00:00:00.000Z" }, at: "2027-01-01T00:00:00.000Z" },
    ]);
  });

  it("runs a recurring job at its interval, keeps one row for it across runners, and never gives it up", async () => {
    const clock = manualClock();
    const hour = 60 * 60_000;
    let runs = 0;
    let fail = false;
    const handler = async () => {
      runs++;
      if (fail) throw new Error("SMTP down");
    };
    const first = new JobRunner(database.db, clock, { maxAttempts: 2 });
    const second = new JobRunner(database.db, clock, { maxAttempts: 2 });
    first.every("digest", hour, handler);
    second.every("digest", hour, handler);
    expect(await first.runDue()).toBe(1);
    expect(await second.runDue()).toBe(0);
    expect(await database.db.select().from(jobs)).toHaveLength(1);
    clock.advance(hour - 1);
    expect(await first.runDue()).toBe(0);
    clock.advance(1);
    expect(await second.runDue()).toBe(1);
    expect(runs).toBe(2);

    fail = true;
    clock.advance(hour);
    await first.runDue();
    clock.advance(backoffMs(1));
    await first.runDue();
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ failedAt: null, attempts: 0, lastError: expect.stringContaining("SMTP down") });
    expect(row!.runAt.getTime()).toBe(clock().getTime() + hour);
  });
});

describe("the queue as the operator sees it", () => {
  /** A queue holding one job in each state at the clock's time, the failed one given up after one attempt. */
  async function queueOfEachState(clock: ReturnType<typeof manualClock>) {
    const runner = new JobRunner(database.db, clock, { maxAttempts: 1, leaseMs: 60_000 });
    runner.handle("broken", async () => {
      throw new Error("the register's page has moved");
    });
    runner.handle("hangs", () => new Promise(() => {}));
    const failed = await enqueueJobOnce(database.db, "broken", "broken-once", {}, clock());
    await runner.runDue();
    expect(failed).toBe(true);
    const running = await enqueueJob(database.db, "hangs", {}, clock());
    void runner.runDue();
    await expect
      .poll(async () => (await database.db.select().from(jobs).where(eq(jobs.id, running)))[0]?.lockedUntil)
      .not.toBeNull();
    clock.advance(1_000);
    const waiting = await enqueueJob(database.db, "email.send", { outboxId: 7 }, new Date(clock().getTime() - 500));
    const scheduled = await enqueueJob(
      database.db,
      "email.send",
      { outboxId: 8 },
      new Date(clock().getTime() + 60_000),
    );
    const [broken] = await database.db.select().from(jobs).where(eq(jobs.kind, "broken"));
    return { failed: broken!.id, running, waiting, scheduled };
  }

  it("tells each job's state, filters by state and kind, pages and sorts", async () => {
    const clock = manualClock();
    const ids = await queueOfEachState(clock);
    const page = (opts: Partial<Parameters<typeof jobsPage>[1]>) =>
      jobsPage(database.db, {
        now: clock(),
        state: null,
        kind: null,
        sort: "created",
        dir: "asc",
        offset: 0,
        limit: 10,
        ...opts,
      });
    for (const state of ["failed", "running", "waiting", "scheduled"] as const) {
      const { rows, total } = await page({ state });
      expect([total, rows.map((r) => [r.id, r.state])]).toEqual([1, [[ids[state], state]]]);
    }
    const failed = (await page({ state: "failed" })).rows[0]!;
    expect(failed).toMatchObject({ attempts: 1, lastError: expect.stringContaining("the register's page has moved") });
    expect((await page({ kind: "email.send" })).rows.map((r) => r.id)).toEqual([ids.waiting, ids.scheduled]);
    const byRunAt = await page({ sort: "runAt", dir: "desc", limit: 2, offset: 1 });
    expect([byRunAt.total, byRunAt.rows.map((r) => r.id)]).toEqual([4, [ids.waiting, ids.running]]);
    expect(await jobKinds(database.db)).toEqual(["broken", "email.send", "hangs"]);
    expect(await oldestWaitingJob(database.db, clock())).toEqual(new Date(clock().getTime() - 500));
    expect(await queueFigures(database.db, clock())).toEqual({
      waiting: 1,
      scheduled: 1,
      running: 1,
      failed: 1,
      oldestWaiting: new Date(clock().getTime() - 500),
    });
    await database.db.delete(jobs).where(eq(jobs.id, ids.waiting));
    expect(await oldestWaitingJob(database.db, clock())).toBeNull();
    expect(await queueFigures(database.db, clock())).toMatchObject({ waiting: 0, oldestWaiting: null });
  });

  it("makes a failed job due again with fresh attempts, and refuses any other", async () => {
    const clock = manualClock();
    const ids = await queueOfEachState(clock);
    expect(await retryFailedJob(database.db, ids.waiting, clock())).toBeNull();
    const before = await retryFailedJob(database.db, ids.failed, clock());
    expect(before).toMatchObject({ id: ids.failed, kind: "broken", attempts: 1, failedAt: expect.any(Date) });
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, ids.failed));
    expect(row).toMatchObject({ failedAt: null, attempts: 0, runAt: clock(), lockedUntil: null });
    const runner = new JobRunner(database.db, clock);
    let ran = 0;
    runner.handle("broken", async () => void ran++);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await retryFailedJob(database.db, ids.failed, clock())).toBeNull();
  });

  it("removes a failed job for good when given up, so its key may be queued again", async () => {
    const clock = manualClock();
    const ids = await queueOfEachState(clock);
    expect(await abandonFailedJob(database.db, ids.scheduled)).toBeNull();
    expect(await enqueueJobOnce(database.db, "broken", "broken-once", {}, clock())).toBe(false);
    expect(await abandonFailedJob(database.db, ids.failed)).toMatchObject({ id: ids.failed, kind: "broken" });
    expect((await database.db.select().from(jobs).where(eq(jobs.id, ids.failed))).length).toBe(0);
    expect(await enqueueJobOnce(database.db, "broken", "broken-once", {}, clock())).toBe(true);
  });

  it("removes the failed jobs of a kind holding a payload, and no other", async () => {
    const clock = manualClock();
    const runner = new JobRunner(database.db, clock, { maxAttempts: 1 });
    runner.handle("email.send", async () => {
      throw new Error("mailbox full");
    });
    await enqueueJobs(database.db, "email.send", [{ outboxId: 1 }, { outboxId: 2 }], clock());
    await runner.runDue();
    await enqueueJob(database.db, "email.send", { outboxId: 1 }, new Date(clock().getTime() + 1_000));
    expect(await removeFailedJobs(database.db, "email.send", { outboxId: 1 })).toBe(1);
    const left = await database.db.select().from(jobs).orderBy(jobs.id);
    expect(left.map((j) => [j.payload, j.failedAt === null])).toEqual([
      [{ outboxId: 2 }, false],
      [{ outboxId: 1 }, true],
    ]);
  });
});
