import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { JobRunner } from "~/db/jobs.server";
import { jobPostings } from "~/db/schema";
import type { Clock } from "~/lib/clock";
import { todayInLondon } from "~/lib/dates";
import type { Service } from "~/lib/service";

/** From this many jobs written, the table is tidied (about 3 s for 100,000 on PGlite). */
export const TIDY_AFTER = 1_000;

/**
 * After many jobs are written (an import, the demo jobs, a recompute): the old versions of rewritten
 * rows are cleared (a search's full-text match visits every matching row) and the planner's
 * statistics are renewed (without them it may scan the table for a common word, not its index).
 * PGlite has no autovacuum to do it; on a PostgreSQL server it only does autovacuum's work sooner.
 * Outside any transaction: VACUUM cannot run in one.
 */
export async function tidyJobPostings(db: Db, written: number): Promise<void> {
  if (written >= TIDY_AFTER) await db.execute(sql`vacuum (analyze) job_postings`);
}

export const CLOSE_EXPIRED_JOB = "jobs.close-expired";

/**
 * Closes the open jobs whose closing date has passed (a London day before `today`), as their source
 * would: search and their pages already treat them as closed (closedOn), and counts then agree.
 * Answers how many closed.
 */
export async function closeExpiredJobs(db: Db, today: string, now: Date): Promise<number> {
  const closed = await db
    .update(jobPostings)
    // Closed on its closing date, as closedOn has said since that day, whenever this runs.
    .set({
      status: "closed",
      closedAt: sql`(${jobPostings.closingDate}::text || 'T12:00:00Z')::timestamptz`,
      updatedAt: now,
    })
    .where(and(eq(jobPostings.status, "open"), lt(jobPostings.closingDate, today)))
    .returning({ id: jobPostings.id });
  return closed.length;
}

/** Every hour, whichever instance is up: a job closes within the hour its closing date passed. */
export function startJobExpiry(db: Db, clock: Clock, runner: JobRunner): Service {
  runner.every(CLOSE_EXPIRED_JOB, 60 * 60_000, async () => {
    // Quietly: routine, and each job's page says it closed.
    const now = clock();
    await closeExpiredJobs(db, todayInLondon(now), now);
  });
  return { provide: () => {} };
}
