import { eq, sql } from "drizzle-orm";
import { BADGES, awardsFrom } from "~/db/badges";
import type { Db } from "~/db/client.server";
import { badgeEventsOf } from "~/db/events.server";
import { preparedQuery } from "~/db/prepared.server";
import { achievements } from "~/db/schema";

export type EarnedBadge = { id: string; title: string; description: string; earnedAt: string };
export type OpenBadge = { id: string; title: string; howTo: string; link: string; done: number; count: number };

const awardedQuery = preparedQuery((db) =>
  db
    .select()
    .from(achievements)
    .where(eq(achievements.userId, sql.placeholder("userId")))
    .prepare("badges_of_user"),
);

/**
 * A person's badges: those awarded (with the events that earned them, by `recordEvent`), and how far
 * their events go towards each of the others. It only reads.
 */
export async function achievementsOf(db: Db, userId: number): Promise<{ earned: EarnedBadge[]; open: OpenBadge[] }> {
  const [recorded, awarded] = await Promise.all([badgeEventsOf(db, userId), awardedQuery(db).execute({ userId })]);
  const { progress } = awardsFrom(recorded);
  const held = new Map(awarded.map((a) => [a.badge, a.earnedAt]));
  const earned: EarnedBadge[] = [];
  const open: OpenBadge[] = [];
  for (const b of BADGES) {
    const at = held.get(b.id);
    if (at) earned.push({ id: b.id, title: b.title, description: b.description, earnedAt: at.toISOString() });
    else
      open.push({ id: b.id, title: b.title, howTo: b.howTo, link: b.link, done: progress[b.id] ?? 0, count: b.count });
  }
  earned.sort((a, b) => b.earnedAt.localeCompare(a.earnedAt));
  // The nearest first: the most done of what it takes.
  open.sort((a, b) => b.done / b.count - a.done / a.count);
  return { earned, open };
}
