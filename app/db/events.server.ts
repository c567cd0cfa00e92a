import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { BADGE_KINDS, awardsFrom } from "~/db/badges";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { type EventKind, achievements, events } from "~/db/schema";

export type NewEvent = {
  kind: EventKind;
  at: Date;
  userId?: number | null;
  universityId?: number | null;
  jobPostingId?: number | null;
  data?: Record<string, unknown>;
};

const badgeEventsQuery = preparedQuery((db) =>
  db
    .select({
      kind: events.kind,
      occurredAt: events.occurredAt,
      universityId: events.universityId,
      data: events.data,
    })
    .from(events)
    .where(and(eq(events.userId, sql.placeholder("userId")), inArray(events.kind, [...BADGE_KINDS])))
    .orderBy(asc(events.occurredAt), asc(events.id))
    .prepare("badge_events_of_user"),
);

/** A person's events that badges count, oldest first: what `awardsFrom` awards and measures progress by. */
export function badgeEventsOf(db: Db, userId: number) {
  return badgeEventsQuery(db).execute({ userId });
}

/** With a person's id, the lock their badge-counting events take (pg_advisory_xact_lock's first key). */
const BADGES_LOCK = 20261127;

/**
 * Records what someone did, in the caller's transaction when the event is part of a change, and
 * awards the badges it earns there too: the badge is kept or dropped with the event that earned it.
 * A person's events that badges count are recorded one after another (their lock, held to the end
 * of the transaction), so each is counted with every one before it, however many arrive at once.
 */
export async function recordEvent(tx: Pick<Db, "insert" | "transaction">, event: NewEvent): Promise<void> {
  const row = {
    kind: event.kind,
    occurredAt: event.at,
    userId: event.userId ?? null,
    universityId: event.universityId ?? null,
    jobPostingId: event.jobPostingId ?? null,
    data: event.data ?? {},
  };
  const userId = row.userId;
  if (userId === null || !BADGE_KINDS.includes(row.kind)) {
    await tx.insert(events).values(row);
    return;
  }
  // A transaction of its own when the caller has none, else a savepoint in theirs.
  await tx.transaction(async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(${BADGES_LOCK}, ${userId})`);
    await t.insert(events).values(row);
    // A transaction is a database of its own to Drizzle (its prepared query is built for it).
    const { awards } = awardsFrom(await badgeEventsOf(t as unknown as Db, userId));
    if (awards.length)
      await t
        .insert(achievements)
        .values(awards.map((a) => ({ userId, ...a })))
        .onConflictDoNothing();
  });
}

/**
 * Records that a student used a tool, once a UK day at most: a tool's page reloads as its answers
 * change, and the analytics count who used it and on which days, not how often it reloaded.
 */
export async function recordDailyUse(
  db: Db,
  kind: EventKind,
  user: { id: number; universityId: number | null },
  now: Date,
): Promise<void> {
  if (user.universityId === null) return;
  const dayStart = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'Europe/London') at time zone 'Europe/London')`;
  const [already] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.universityId, user.universityId),
        eq(events.kind, kind),
        eq(events.userId, user.id),
        gte(events.occurredAt, dayStart),
      ),
    )
    .limit(1);
  if (!already) await recordEvent(db, { kind, at: now, userId: user.id, universityId: user.universityId });
}

/**
 * Many events in a few statements, in the caller's transaction (a sync of 50,000 student records
 * records one for each change). Events that badges count go through `recordEvent`, one by one.
 */
export async function recordEvents(tx: Pick<Db, "insert" | "transaction">, list: readonly NewEvent[]): Promise<void> {
  const plain: NewEvent[] = [];
  for (const event of list)
    if (event.userId == null || !BADGE_KINDS.includes(event.kind)) plain.push(event);
    else await recordEvent(tx, event);
  for (let i = 0; i < plain.length; i += 1_000)
    await tx.insert(events).values(
      plain.slice(i, i + 1_000).map((e) => ({
        kind: e.kind,
        occurredAt: e.at,
        userId: e.userId ?? null,
        universityId: e.universityId ?? null,
        jobPostingId: e.jobPostingId ?? null,
        data: e.data ?? {},
      })),
    );
}
