import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { achievements, events } from "~/db/schema";
import { BADGES, awardsFrom } from "./catalogue";

export type EarnedBadge = { id: string; title: string; description: string; earnedAt: string };
export type OpenBadge = { id: string; title: string; howTo: string; link: string; done: number; count: number };

/**
 * Awards the badges a person's recorded events have earned and not yet been awarded, and answers all
 * of them with the progress towards the rest. Awarding is idempotent and safe under concurrent calls
 * (one row a person and badge; each dated by the event that completed it, whenever it is awarded), so
 * it runs wherever badges are read, after the actions' own transactions have committed.
 */
export async function syncAchievements(db: Db, userId: number): Promise<{ earned: EarnedBadge[]; open: OpenBadge[] }> {
  const recorded = await db
    .select({ kind: events.kind, occurredAt: events.occurredAt, universityId: events.universityId, data: events.data })
    .from(events)
    .where(and(eq(events.userId, userId), inArray(events.kind, [...new Set(BADGES.map((b) => b.kind))])))
    .orderBy(asc(events.occurredAt), asc(events.id));
  const { awards, progress } = awardsFrom(recorded);
  if (awards.length) await db.insert(achievements).values(awards.map((a) => ({ userId, ...a }))).onConflictDoNothing();
  const held = new Map((await db.select().from(achievements).where(eq(achievements.userId, userId))).map((a) => [a.badge, a.earnedAt]));
  const earned: EarnedBadge[] = [];
  const open: OpenBadge[] = [];
  for (const b of BADGES) {
    const at = held.get(b.id);
    if (at) earned.push({ id: b.id, title: b.title, description: b.description, earnedAt: at.toISOString() });
    else open.push({ id: b.id, title: b.title, howTo: b.howTo, link: b.link, done: progress[b.id] ?? 0, count: b.count });
  }
  earned.sort((a, b) => b.earnedAt.localeCompare(a.earnedAt));
  // The nearest first: the most done of what it takes.
  open.sort((a, b) => b.done / b.count - a.done / a.count);
  return { earned, open };
}
