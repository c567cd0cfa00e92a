import { and, desc, eq, like, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  type SponsorLicence,
  sponsorChanges,
  sponsorOrganisations,
  sponsorShortlist,
  sponsorSnapshots,
} from "~/db/schema";
import type { Limit } from "~/lib/rate-limit";
import { searchTerms } from "./normalise";

export type Snapshot = typeof sponsorSnapshots.$inferSelect;

/** The register now shown: the latest import. */
export async function latestSnapshot(db: Db): Promise<Snapshot | null> {
  const [row] = await db.select().from(sponsorSnapshots).orderBy(desc(sponsorSnapshots.id)).limit(1);
  return row ?? null;
}

/** The register now shown and the one before it (null when there is none), in one query. */
export async function currentAndPreviousSnapshots(
  db: Db,
): Promise<{ snapshot: Snapshot | null; previous: Snapshot | null }> {
  const [snapshot = null, previous = null] = await db
    .select()
    .from(sponsorSnapshots)
    .orderBy(desc(sponsorSnapshots.id))
    .limit(2);
  return { snapshot, previous };
}

export type Change = {
  kind: "added" | "removed" | "changed";
  registerDate: string;
  before: SponsorLicence[] | null;
  after: SponsorLicence[] | null;
};

/** An organisation by its address: on the live register, or dropped off it at a later import. */
export async function organisationBySlug(db: Db, slug: string) {
  const [live] = await db.select().from(sponsorOrganisations).where(eq(sponsorOrganisations.slug, slug));
  const orgKey =
    live?.orgKey ??
    (
      await db
        .select({ orgKey: sponsorChanges.orgKey })
        .from(sponsorChanges)
        .where(eq(sponsorChanges.slug, slug))
        .orderBy(desc(sponsorChanges.id))
        .limit(1)
    )[0]?.orgKey;
  if (!orgKey) return null;
  const history: Change[] = await db
    .select({
      kind: sponsorChanges.kind,
      registerDate: sponsorSnapshots.registerDate,
      before: sponsorChanges.before,
      after: sponsorChanges.after,
    })
    .from(sponsorChanges)
    .innerJoin(sponsorSnapshots, eq(sponsorSnapshots.id, sponsorChanges.snapshotId))
    .where(eq(sponsorChanges.orgKey, orgKey))
    .orderBy(desc(sponsorChanges.id));
  if (live)
    return {
      live: true as const,
      slug,
      name: live.name,
      town: live.town,
      county: live.county,
      licences: live.licences,
      firstSeen: live.firstSeen,
      history,
    };
  const removed = history[0]!;
  const [named] = await db
    .select({ name: sponsorChanges.name, town: sponsorChanges.town })
    .from(sponsorChanges)
    .where(eq(sponsorChanges.orgKey, orgKey))
    .limit(1);
  return {
    live: false as const,
    slug,
    name: named!.name,
    town: named!.town,
    county: "",
    licences: removed.before ?? [],
    firstSeen: null,
    history,
  };
}

/** Organisations added to, removed from or changed on the latest register, compared with the one before. */
export async function recentChanges(db: Db, snapshotId: number, kind: Change["kind"], limit: number) {
  return db
    .select({ slug: sponsorChanges.slug, name: sponsorChanges.name, town: sponsorChanges.town })
    .from(sponsorChanges)
    .where(and(eq(sponsorChanges.snapshotId, snapshotId), eq(sponsorChanges.kind, kind)))
    .orderBy(sponsorChanges.name)
    .limit(limit);
}

/**
 * Organisations that dropped off with this snapshot whose normalised name starts with the query's,
 * so that a search for an employer no longer licensed can say so rather than only "not found".
 */
export async function droppedOff(db: Db, snapshotId: number, query: string, limit = 5) {
  const { full } = searchTerms(query);
  if (!full) return [];
  return (
    db
      .select({ slug: sponsorChanges.slug, name: sponsorChanges.name, town: sponsorChanges.town })
      .from(sponsorChanges)
      // The key is the normalised name, "|", the normalised town; normalised text needs no LIKE escaping.
      .where(
        and(
          eq(sponsorChanges.snapshotId, snapshotId),
          eq(sponsorChanges.kind, "removed"),
          like(sponsorChanges.orgKey, `${full}%`),
        ),
      )
      .orderBy(sponsorChanges.name)
      .limit(limit)
  );
}

/** Shortlist changes each user may make in a window (the form writes). */
export const SHORTLIST_LIMIT: Limit = { max: 60, windowSeconds: 60 * 60 };
export const SHORTLIST_MAX = 200;
export const shortlistRateKey = (userId: number) => `sponsor-shortlist:user:${userId}`;

/** A user's shortlist, newest first, with whether each employer is still on the register. */
export async function shortlistOf(db: Db, userId: number) {
  return db
    .select({
      slug: sponsorShortlist.slug,
      name: sponsorShortlist.name,
      addedAt: sponsorShortlist.addedAt,
      town: sponsorOrganisations.town,
      onRegister: sql<boolean>`${sponsorOrganisations.id} is not null`,
    })
    .from(sponsorShortlist)
    .leftJoin(sponsorOrganisations, eq(sponsorOrganisations.slug, sponsorShortlist.slug))
    .where(eq(sponsorShortlist.userId, userId))
    .orderBy(desc(sponsorShortlist.addedAt), desc(sponsorShortlist.id));
}

export async function isShortlisted(db: Db, userId: number, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sponsorShortlist.id })
    .from(sponsorShortlist)
    .where(and(eq(sponsorShortlist.userId, userId), eq(sponsorShortlist.slug, slug)));
  return !!row;
}

export async function liveOrganisationName(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ name: sponsorOrganisations.name })
    .from(sponsorOrganisations)
    .where(eq(sponsorOrganisations.slug, slug));
  return row?.name ?? null;
}

/** Adds an employer of the live register; false when the shortlist is full. */
export async function addToShortlist(db: Db, userId: number, slug: string, name: string): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sponsorShortlist)
    .where(eq(sponsorShortlist.userId, userId));
  if (n >= SHORTLIST_MAX) return false;
  await db.insert(sponsorShortlist).values({ userId, slug, name }).onConflictDoNothing();
  return true;
}

export async function removeFromShortlist(db: Db, userId: number, slug: string): Promise<void> {
  await db.delete(sponsorShortlist).where(and(eq(sponsorShortlist.userId, userId), eq(sponsorShortlist.slug, slug)));
}
