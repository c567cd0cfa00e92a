import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type EventKind, events } from "~/db/schema";

export type NewEvent = {
  kind: EventKind;
  at: Date;
  userId?: number | null;
  universityId?: number | null;
  jobPostingId?: number | null;
  data?: Record<string, unknown>;
};

/** Records what someone did, in the caller's transaction when the event is part of a change. */
export async function recordEvent(tx: Pick<Db, "insert">, event: NewEvent): Promise<void> {
  await tx.insert(events).values({
    kind: event.kind,
    occurredAt: event.at,
    userId: event.userId ?? null,
    universityId: event.universityId ?? null,
    jobPostingId: event.jobPostingId ?? null,
    data: event.data ?? {},
  });
}

/**
 * Records that a student used a tool, once a UK day at most: a tool's page reloads as its answers
 * change, and the analytics count who used it and on which days, not how often it reloaded.
 */
export async function recordDailyUse(db: Db, kind: EventKind, user: { id: number; universityId: number | null }, now: Date): Promise<void> {
  if (user.universityId === null) return;
  const dayStart = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Europe/London') at time zone 'Europe/London')`;
  const [already] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.universityId, user.universityId), eq(events.kind, kind), eq(events.userId, user.id), gte(events.occurredAt, dayStart)))
    .limit(1);
  if (!already) await recordEvent(db, { kind, at: now, userId: user.id, universityId: user.universityId });
}
