import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { EMPLOYER_POSTING_SOURCE } from "~/db/schema";
import { canonicalJobs } from "./merge";

/**
 * Lists each vacancy once after an import: over every open job not hidden by reports, each one's
 * `duplicate_of` is set to its group's canonical job (null for the canonical one and for a job alone),
 * writing only the rows whose value changes. A closed canonical job leaves the grouping, so the next
 * merge lists its oldest open duplicate instead. Answers how many rows changed.
 */
export async function mergeDuplicates(db: Db): Promise<number> {
  const open = await rowsOf<{
    id: number;
    apply_url: string | null;
    sponsor_slug: string | null;
    title: string;
    town: string | null;
    own: boolean;
    duplicate_of: number | null;
  }>(
    db,
    sql`select id, apply_url, sponsor_slug, title, town, source = ${EMPLOYER_POSTING_SOURCE} as own, duplicate_of
        from job_postings where status = 'open' and hidden_at is null`,
  );
  const canonical = canonicalJobs(
    open.map((j) => ({
      id: j.id,
      applyUrl: j.apply_url,
      sponsorSlug: j.sponsor_slug,
      title: j.title,
      town: j.town,
      ownPosting: j.own,
    })),
  );
  const changes = open
    .map((j) => ({ id: j.id, to: canonical.get(j.id) === j.id ? null : canonical.get(j.id)! }))
    .filter((c, i) => c.to !== open[i]!.duplicate_of);
  for (let start = 0; start < changes.length; start += 5_000) {
    const slice = changes.slice(start, start + 5_000);
    await db.execute(sql`
      update job_postings j set duplicate_of = v.duplicate_of
      from (select unnest(${sql.param(slice.map((c) => c.id))}::int[]) as id,
                   unnest(${sql.param(slice.map((c) => c.to))}::int[]) as duplicate_of) v
      where j.id = v.id`);
  }
  return changes.length;
}
