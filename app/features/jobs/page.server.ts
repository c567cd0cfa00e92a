import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type JobPosting, jobIsListed, jobPostings } from "~/db/schema";

/**
 * A job by its address, open or closed (a closed job's page stays); a job hidden by reports is as if
 * gone, and so is an employer's draft or a job waiting for moderation (never published).
 */
export async function jobBySlug(db: Db, slug: string): Promise<JobPosting | null> {
  const [job] = await db
    .select()
    .from(jobPostings)
    .where(
      and(eq(jobPostings.slug, slug), isNull(jobPostings.hiddenAt), inArray(jobPostings.status, ["open", "closed"])),
    );
  return job ?? null;
}

/** The address of a job while it is listed, or null. */
export async function listedSlug(db: Db, id: number): Promise<string | null> {
  const [job] = await db
    .select({ slug: jobPostings.slug })
    .from(jobPostings)
    .where(and(eq(jobPostings.id, id), jobIsListed));
  return job?.slug ?? null;
}

/**
 * Whether a job takes applications no more: its source closed it, or its closing date has passed
 * (it leaves search and its page says closed, before the source catches up). Answers when, or null.
 */
export function closedOn(job: Pick<JobPosting, "status" | "closedAt" | "closingDate">, today: string): string | null {
  if (job.status === "closed") return job.closedAt?.toISOString() ?? `${today}T12:00:00Z`;
  return job.closingDate && job.closingDate < today ? `${job.closingDate}T12:00:00Z` : null;
}

/** Open jobs in the same occupation, newest first. */
export function similarJobs(db: Db, job: JobPosting, limit = 5): Promise<JobPosting[]> {
  if (!job.socCode) return Promise.resolve([]);
  return db
    .select()
    .from(jobPostings)
    .where(and(eq(jobPostings.socCode, job.socCode), jobIsListed, ne(jobPostings.id, job.id)))
    .orderBy(desc(jobPostings.postedAt), desc(jobPostings.id))
    .limit(limit);
}

/** A sitemap holds at most 50,000 addresses: the newest open jobs fill what the other pages leave. */
export const SITEMAP_JOBS = 45_000;

/** The open jobs search engines should know, newest first, with the day each last changed. */
export async function sitemapJobs(
  db: Db,
  today: string,
  limit = SITEMAP_JOBS,
): Promise<{ loc: string; lastmod: string }[]> {
  const rows = await db
    .select({ slug: jobPostings.slug, updatedAt: jobPostings.updatedAt })
    .from(jobPostings)
    .where(and(jobIsListed, sql`(${jobPostings.closingDate} is null or ${jobPostings.closingDate} >= ${today})`))
    .orderBy(desc(jobPostings.postedAt), desc(jobPostings.id))
    .limit(limit);
  return rows.map((r) => ({ loc: `/jobs/${r.slug}`, lastmod: r.updatedAt.toISOString().slice(0, 10) }));
}
