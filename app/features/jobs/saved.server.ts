import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { recordEvent } from "~/db/events.server";
import { jobPostings, savedJobs } from "~/db/schema";
import { type JobResultRow, jobResultColumns } from "./search.server";

/** Who saves: the account, and the university its events count under. */
export type Saver = { id: number; universityId: number | null };

/** At most this many saved jobs a person: enough for any search, not a copy of the board. */
export const SAVED_JOBS_MAX = 500;

/**
 * Saves a job by its address (open or closed: a person may keep a closed job's page). Answers
 * "saved" (new or already), "not-found", or "full".
 */
export async function saveJob(
  db: Db,
  user: Saver,
  slug: string,
  now: Date,
  max = SAVED_JOBS_MAX,
): Promise<"saved" | "not-found" | "full"> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.slug, slug));
    if (!job) return "not-found";
    const [{ held } = { held: 0 }] = await tx
      .select({ held: sql<number>`count(*)::int` })
      .from(savedJobs)
      .where(eq(savedJobs.userId, user.id));
    const [already] = await tx
      .select()
      .from(savedJobs)
      .where(and(eq(savedJobs.userId, user.id), eq(savedJobs.jobPostingId, job.id)));
    if (already) return "saved";
    if (held >= max) return "full";
    const added = await tx
      .insert(savedJobs)
      .values({ userId: user.id, jobPostingId: job.id, savedAt: now })
      .onConflictDoNothing()
      .returning({ id: savedJobs.jobPostingId });
    if (added.length)
      await recordEvent(tx, {
        kind: "job.saved",
        at: now,
        userId: user.id,
        universityId: user.universityId,
        jobPostingId: job.id,
      });
    return "saved";
  });
}

export async function unsaveJob(db: Db, userId: number, slug: string): Promise<void> {
  await db
    .delete(savedJobs)
    .where(
      and(
        eq(savedJobs.userId, userId),
        inArray(
          savedJobs.jobPostingId,
          db.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.slug, slug)),
        ),
      ),
    );
}

/** Which of these jobs the person has saved (a list marks them). */
export async function savedAmong(db: Db, userId: number, slugs: readonly string[]): Promise<string[]> {
  if (!slugs.length) return [];
  const rows = await db
    .select({ slug: jobPostings.slug })
    .from(savedJobs)
    .innerJoin(jobPostings, eq(jobPostings.id, savedJobs.jobPostingId))
    .where(and(eq(savedJobs.userId, userId), inArray(jobPostings.slug, [...slugs])));
  return rows.map((r) => r.slug);
}

/**
 * A person's saved jobs, the ones closing soonest first (a deadline is what to act on), then open
 * ones without a closing date, newest saved first, and closed ones (or past their closing date on
 * `today`) last.
 */
export function savedJobsOf(db: Db, userId: number, today: string): Promise<{ job: JobResultRow; savedAt: Date }[]> {
  return savedJobsQuery(db).execute({ userId, today });
}

const savedJobsQuery = preparedQuery((db) =>
  db
    .select({ job: jobResultColumns, savedAt: savedJobs.savedAt })
    .from(savedJobs)
    .innerJoin(jobPostings, eq(jobPostings.id, savedJobs.jobPostingId))
    // A job hidden while its reports wait for the team is not shown, as anywhere else; it is back if kept.
    .where(and(eq(savedJobs.userId, sql.placeholder("userId")), isNull(jobPostings.hiddenAt)))
    .orderBy(
      sql`(${jobPostings.status} = 'closed' or coalesce(${jobPostings.closingDate} < ${sql.placeholder("today")}, false))`,
      asc(jobPostings.closingDate),
      desc(savedJobs.savedAt),
    )
    .prepare("saved_jobs_of_user"),
);
