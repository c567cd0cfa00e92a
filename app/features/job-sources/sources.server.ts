import { and, desc, eq, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { jobPostings, jobSourceRuns, jobSources } from "~/db/schema";
import { FAILING_AFTER, type NewSource } from "./sources";

/** The jobs of source `id` are job_postings of this `source`. */
export const sourceName = (id: number) => `source:${id}`;

/** Every source with its last run, newest first; `failing` from three failed runs in a row. */
export async function listSources(db: Db) {
  const sources = await db.select().from(jobSources).orderBy(jobSources.id);
  const lastRuns = await db
    .selectDistinctOn([jobSourceRuns.sourceId])
    .from(jobSourceRuns)
    .orderBy(jobSourceRuns.sourceId, desc(jobSourceRuns.startedAt), desc(jobSourceRuns.id));
  const byId = new Map(lastRuns.map((r) => [r.sourceId, r]));
  return sources.map((s) => ({ ...s, lastRun: byId.get(s.id) ?? null, failing: s.failuresInARow >= FAILING_AFTER }));
}

export async function addSource(db: Db, source: NewSource, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobSources)
      .values({
        kind: source.kind,
        url: source.url,
        employerName: source.employer,
        everyMinutes: source.everyMinutes,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: "job_source.added",
      target: { type: "job_source", id: row!.id },
      before: {},
      after: { kind: source.kind, url: source.url, employer: source.employer, everyMinutes: source.everyMinutes },
      at: now,
    });
    return row!;
  });
}

/** Turns a source on or off; false when there is no such source or it already was. */
export async function setSourceEnabled(db: Db, id: number, enabled: boolean, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobSources)
      .set({ enabled })
      .where(and(eq(jobSources.id, id), eq(jobSources.enabled, !enabled)))
      .returning({ id: jobSources.id });
    if (!row) return false;
    await recordAudit(tx, {
      actor,
      action: enabled ? "job_source.on" : "job_source.off",
      target: { type: "job_source", id },
      before: { enabled: !enabled },
      after: { enabled },
      at: now,
    });
    return true;
  });
}

/**
 * Removes a source and its runs; its open jobs close (never deleted: their pages stay and say so).
 * Answers how many jobs closed, or null when there is no such source.
 */
export async function removeSource(db: Db, id: number, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(jobSources).where(eq(jobSources.id, id)).returning();
    if (!row) return null;
    const closed = await tx
      .update(jobPostings)
      .set({ status: "closed", closedAt: now, updatedAt: now })
      .where(and(eq(jobPostings.source, sourceName(id)), eq(jobPostings.status, "open")))
      .returning({ id: jobPostings.id });
    await recordAudit(tx, {
      actor,
      action: "job_source.removed",
      target: { type: "job_source", id },
      before: { kind: row.kind, url: row.url },
      after: { closedJobs: closed.length },
      at: now,
    });
    return closed.length;
  });
}

/** How many open jobs each source holds, for the lists. */
export async function openJobsBySource(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ source: jobPostings.source, n: sql<number>`count(*)::int` })
    .from(jobPostings)
    .where(and(sql`${jobPostings.source} like 'source:%'`, eq(jobPostings.status, "open")))
    .groupBy(jobPostings.source);
  return new Map(rows.map((r) => [r.source, r.n]));
}
