import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

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
