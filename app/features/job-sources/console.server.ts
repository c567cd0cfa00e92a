import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobPostings, jobSourceRuns, jobSources, jobs } from "~/db/schema";
import { runKey } from "./service.server";
import { FAILING_AFTER } from "./sources";
import { sourceName } from "./sources.server";

/** What the operations console reads of the sources: a page of them at a time, and one with its runs. */

export const JOB_SOURCE_SORTS = ["added", "kind", "lastRun"] as const;
const ORDER = { added: jobSources.id, kind: jobSources.kind, lastRun: jobSources.lastRunAt };
/** Runs a source's page shows: its latest. */
const RUNS_SHOWN = 20;

async function openJobsOf(db: Db, ids: number[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ source: jobPostings.source, n: sql<number>`count(*)::int` })
    .from(jobPostings)
    .where(and(inArray(jobPostings.source, ids.map(sourceName)), eq(jobPostings.status, "open")))
    .groupBy(jobPostings.source);
  return new Map(rows.map((r) => [r.source, r.n]));
}

/**
 * One page of the sources, each with its last run and open jobs; `failingOnly` keeps those failing
 * three runs or more in a row; `pattern` (an `ilike` pattern) matches the URL or the employer.
 */
export async function sourcesPage(
  db: Db,
  opts: {
    failingOnly: boolean;
    pattern: string | null;
    sort: (typeof JOB_SOURCE_SORTS)[number];
    dir: "asc" | "desc";
    offset: number;
    limit: number;
  },
) {
  const where = and(
    opts.failingOnly ? gte(jobSources.failuresInARow, FAILING_AFTER) : undefined,
    opts.pattern ? or(ilike(jobSources.url, opts.pattern), ilike(jobSources.employerName, opts.pattern)) : undefined,
  );
  const column = ORDER[opts.sort];
  // A source never run sorts as the longest ago: first going up, last going down.
  const order = opts.dir === "asc" ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
  const [sources, [counted]] = await Promise.all([
    db
      .select()
      .from(jobSources)
      .where(where)
      .orderBy(order, opts.dir === "asc" ? asc(jobSources.id) : desc(jobSources.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(jobSources).where(where),
  ]);
  const ids = sources.map((s) => s.id);
  const [lastRuns, open] = await Promise.all([
    ids.length
      ? db
          .selectDistinctOn([jobSourceRuns.sourceId])
          .from(jobSourceRuns)
          .where(inArray(jobSourceRuns.sourceId, ids))
          .orderBy(jobSourceRuns.sourceId, desc(jobSourceRuns.startedAt), desc(jobSourceRuns.id))
      : [],
    openJobsOf(db, ids),
  ]);
  const lastRunOf = new Map(lastRuns.map((r) => [r.sourceId, r]));
  return {
    rows: sources.map((s) => ({
      ...s,
      lastRun: lastRunOf.get(s.id) ?? null,
      openJobs: open.get(sourceName(s.id)) ?? 0,
      failing: s.failuresInARow >= FAILING_AFTER,
    })),
    total: counted?.total ?? 0,
  };
}

/**
 * One source with its latest runs (newest first), open jobs, and where its run in the job queue stands
 * at `now` (queued, running, or failed there), or null when there is no such source.
 */
export async function sourceWithRuns(db: Db, id: number, now: Date) {
  const [source] = await db.select().from(jobSources).where(eq(jobSources.id, id));
  if (!source) return null;
  const [runs, open, [queued]] = await Promise.all([
    db
      .select()
      .from(jobSourceRuns)
      .where(eq(jobSourceRuns.sourceId, id))
      .orderBy(desc(jobSourceRuns.startedAt), desc(jobSourceRuns.id))
      .limit(RUNS_SHOWN),
    openJobsOf(db, [id]),
    db
      .select({ failedAt: jobs.failedAt, lockedUntil: jobs.lockedUntil })
      .from(jobs)
      .where(eq(jobs.key, runKey(id))),
  ]);
  const queue = !queued
    ? null
    : queued.failedAt
      ? ("failed" as const)
      : queued.lockedUntil && queued.lockedUntil > now
        ? ("running" as const)
        : ("queued" as const);
  return {
    ...source,
    runs,
    openJobs: open.get(sourceName(id)) ?? 0,
    failing: source.failuresInARow >= FAILING_AFTER,
    queue,
  };
}
