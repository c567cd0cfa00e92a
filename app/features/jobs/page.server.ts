import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type JobPosting, jobPostings } from "~/db/schema";

/** A job by its address, open or closed (a closed job's page stays). */
export async function jobBySlug(db: Db, slug: string): Promise<JobPosting | null> {
  const [job] = await db.select().from(jobPostings).where(eq(jobPostings.slug, slug));
  return job ?? null;
}

/** Open jobs in the same occupation, newest first. */
export function similarJobs(db: Db, job: JobPosting, limit = 5): Promise<JobPosting[]> {
  if (!job.socCode) return Promise.resolve([]);
  return db
    .select()
    .from(jobPostings)
    .where(and(eq(jobPostings.socCode, job.socCode), eq(jobPostings.status, "open"), ne(jobPostings.id, job.id)))
    .orderBy(desc(jobPostings.postedAt), desc(jobPostings.id))
    .limit(limit);
}
