import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { JobRunner } from "~/db/jobs.server";
import { auditLog, jobs } from "~/db/schema";
import { RouterContextProvider } from "react-router";
import { manualClock } from "../../../tests/support/clock";
import { createTestDatabase } from "../../../tests/support/test-db";
import { latestSnapshot } from "./queries.server";
import { SPONSORS_REFRESH_JOB, registerRefreshContext, startRegisterRefresh } from "./refresh-job.server";
import { NEWEST_PATH, servePublication } from "./test-fixtures/publication-server";

// The console's "Refresh now" queues `sponsors:refresh` as a job: the same refresh as the command,
// run by the one job queue against a page on this machine.
let database: Database;
let gov: Awaited<ReturnType<typeof servePublication>>;
beforeAll(async () => {
  database = await createTestDatabase();
  gov = await servePublication();
});
afterAll(async () => {
  await gov?.close();
  await database?.close();
});

function started(pageUrl: string) {
  const clock = manualClock(new Date("2026-11-28T09:00:00Z"));
  const runner = new JobRunner(database.db, clock);
  const afterImport = vi.fn(async () => {});
  const context = new RouterContextProvider();
  startRegisterRefresh(database.db, runner, pageUrl, afterImport).provide(context);
  return { clock, runner, afterImport, refresh: context.get(registerRefreshContext) };
}

const STAFF = { id: 4242, role: "platform_staff", ip: "192.0.2.7" };

const waitingJobs = () => database.db.select().from(jobs).where(eq(jobs.kind, SPONSORS_REFRESH_JOB));

describe("the sponsors.refresh job", () => {
  it("retries a page that cannot be read, keeping why, and imports nothing", async () => {
    const { clock, runner, refresh, afterImport } = started(`${gov.base}/moved`);
    const id = await refresh.queue(database.db, clock(), STAFF);
    expect(id).toEqual(expect.any(Number));
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runner.runDue()).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
    expect(await waitingJobs()).toEqual([
      expect.objectContaining({
        id,
        attempts: 1,
        failedAt: null,
        lastError: expect.stringContaining(`Cannot read the register's page ${gov.base}/moved: it answered 404`),
      }),
    ]);
    expect(await latestSnapshot(database.db)).toBeNull();
    expect(afterImport).not.toHaveBeenCalled();
    await database.db.delete(jobs).where(eq(jobs.id, id!));
  });

  it("queues one refresh at a time, imports the newest register of the page, then judges the jobs again", async () => {
    const { clock, runner, refresh, afterImport } = started(gov.pageUrl);
    const id = await refresh.queue(database.db, clock(), STAFF);
    expect(await refresh.queue(database.db, clock(), STAFF)).toBeNull();
    expect((await waitingJobs()).map((j) => j.id)).toEqual([id]);

    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    try {
      expect(await runner.runDue()).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
    expect(await latestSnapshot(database.db)).toMatchObject({
      registerDate: "2026-06-26",
      source: `${gov.base}${NEWEST_PATH}`,
    });
    expect(printed[0]).toBe(
      `The newest register on ${gov.pageUrl} is the one of 2026-06-26: ${gov.base}${NEWEST_PATH}`,
    );
    expect(printed[1]).toMatch(/^Imported the register of 2026-06-26: 3 rows, 2 organisations/);
    expect(afterImport).toHaveBeenCalledTimes(1);
    expect(await waitingJobs()).toEqual([]);
    // The import is audited as the staff member's who asked for it, in its own transaction.
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "sponsor_register.imported"));
    expect(entry).toMatchObject({
      actorId: 4242,
      actorRole: "platform_staff",
      ip: "192.0.2.7",
      targetType: "sponsor_snapshot",
    });
    expect(entry!.changes).toMatchObject({ registerDate: { after: "2026-06-26" }, organisations: { after: 2 } });
    // Done, a refresh may be queued again.
    expect(await refresh.queue(database.db, clock(), STAFF)).toEqual(expect.any(Number));
  });
});
