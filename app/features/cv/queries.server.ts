import { and, count, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import { preparedQuery } from "~/db/prepared.server";
import { type Cv, cvs, events } from "~/db/schema";
import type { CvDocument } from "./document";
import { upgradeDocument } from "./upgrade";

/** The most CVs one account holds. */
export const MAX_CVS = 20;
/** How long a deleted CV can be brought back. */
export const UNDO_SECONDS = 10;

export type CvOwner = { id: number; universityId: number | null };

/** A CV as its owner reads it: the document brought up to the current schema. */
export type OwnedCv = Omit<Cv, "document" | "deletedAt"> & { document: CvDocument };

/**
 * The stored document, upgraded. A stored document the current schema refuses is a bug in an
 * upgrade step, not the student's doing: it fails loudly rather than opening as something else.
 */
function owned(row: Cv): OwnedCv {
  const upgraded = upgradeDocument(row.document);
  if (!upgraded.ok)
    throw new Error(`CV ${row.id} does not open: ${upgraded.errors.map((e) => `${e.path} ${e.message}`).join("; ")}`);
  const { deletedAt: _deleted, ...rest } = row;
  return { ...rest, document: upgraded.document };
}

const live = isNull(cvs.deletedAt);
const mine = (owner: CvOwner, id: number) => and(eq(cvs.id, id), eq(cvs.userId, owner.id), live);

/**
 * Removes the CVs deleted longer ago than their undo allows (every read already leaves them out):
 * what a person deletes does not stay stored. Run by the job queue (service.server.ts). Answers how many.
 */
export async function purgeDeletedCvs(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(cvs)
    .where(lt(cvs.deletedAt, new Date(now.getTime() - UNDO_SECONDS * 1000)))
    .returning({ id: cvs.id });
  return gone.length;
}

/** A CV as a list shows it: without its document, which the list would read and check for nothing. */
export type CvListing = Omit<OwnedCv, "document"> & { paper: string };

/** The owner's CVs, the most recently edited first. */
const cvsQuery = preparedQuery((db) =>
  db
    .select({
      id: cvs.id,
      userId: cvs.userId,
      name: cvs.name,
      template: cvs.template,
      version: cvs.version,
      isDefault: cvs.isDefault,
      createdAt: cvs.createdAt,
      updatedAt: cvs.updatedAt,
      paper: sql<string>`coalesce(${cvs.document} -> 'settings' ->> 'paper', 'A4')`,
    })
    .from(cvs)
    .where(and(eq(cvs.userId, sql.placeholder("userId")), live))
    .orderBy(desc(cvs.updatedAt), desc(cvs.id))
    .prepare("cvs_of_owner"),
);

export async function listCvs(db: Db, owner: CvOwner): Promise<CvListing[]> {
  return cvsQuery(db).execute({ userId: owner.id });
}

/** One of the owner's CVs; null for a CV that is not theirs, deleted or absent alike (their page says 404). */
export async function getCv(db: Db, owner: CvOwner, id: number): Promise<OwnedCv | null> {
  const [row] = await db.select().from(cvs).where(mine(owner, id));
  return row ? owned(row) : null;
}

/** Whether a CV is the owner's, without reading its document (the photo's endpoints ask no more). */
export async function ownsCv(db: Db, owner: CvOwner, id: number): Promise<boolean> {
  return (await db.select({ id: cvs.id }).from(cvs).where(mine(owner, id))).length > 0;
}

export type CreateOutcome = { ok: true; cv: OwnedCv } | { ok: false; reason: "limit" };

/** A new CV; the owner's first becomes their default. Refused at MAX_CVS. */
export async function createCv(
  db: Db,
  owner: CvOwner,
  input: { name: string; document: CvDocument; source: "empty" | "profile" | "import" | "copy" },
  now: Date,
): Promise<CreateOutcome> {
  return db.transaction(async (tx) => {
    // One at a time per owner, so two tabs cannot both take the twentieth place.
    await tx.execute(sql`select pg_advisory_xact_lock(20261124, ${owner.id})`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(cvs)
      .where(and(eq(cvs.userId, owner.id), live));
    if (n >= MAX_CVS) return { ok: false as const, reason: "limit" as const };
    const [row] = await tx
      .insert(cvs)
      .values({
        userId: owner.id,
        name: input.name,
        template: input.document.settings.template,
        document: input.document,
        isDefault: n === 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEvent(tx, {
      kind: "cv.created",
      at: now,
      userId: owner.id,
      universityId: owner.universityId,
      data: { cvId: row!.id, template: input.document.settings.template, source: input.source },
    });
    return { ok: true as const, cv: owned(row!) };
  });
}

export type SaveOutcome =
  | { ok: true; cv: OwnedCv }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "stale"; current: OwnedCv };

/**
 * Saves a document over the version it was edited from. A save from an older version (another tab
 * or device saved since) is refused with the CV as it stands, so nothing is silently overwritten.
 */
export async function saveCv(
  db: Db,
  owner: CvOwner,
  id: number,
  input: { document: CvDocument; version: number; name?: string },
  now: Date,
): Promise<SaveOutcome> {
  const [row] = await db
    .update(cvs)
    .set({
      document: input.document,
      template: input.document.settings.template,
      version: sql`${cvs.version} + 1`,
      updatedAt: now,
      ...(input.name !== undefined && { name: input.name }),
    })
    .where(and(mine(owner, id), eq(cvs.version, input.version)))
    .returning({
      id: cvs.id,
      userId: cvs.userId,
      name: cvs.name,
      template: cvs.template,
      version: cvs.version,
      isDefault: cvs.isDefault,
      createdAt: cvs.createdAt,
      updatedAt: cvs.updatedAt,
    });
  // The document written is the one given, checked already: it is not read back and parsed again.
  if (row) return { ok: true, cv: { ...row, document: input.document } };
  const current = await getCv(db, owner, id);
  return current ? { ok: false, reason: "stale", current } : { ok: false, reason: "not-found" };
}

/** Renames a CV (no version check: a name is not an edit of the document). */
export async function renameCv(db: Db, owner: CvOwner, id: number, name: string, now: Date): Promise<boolean> {
  const rows = await db.update(cvs).set({ name, updatedAt: now }).where(mine(owner, id)).returning({ id: cvs.id });
  return rows.length > 0;
}

/** Makes one CV the owner's default (the one job applications use). */
export async function setDefaultCv(db: Db, owner: CvOwner, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: cvs.id }).from(cvs).where(mine(owner, id));
    if (!target) return false;
    await tx
      .update(cvs)
      .set({ isDefault: false })
      .where(and(eq(cvs.userId, owner.id), eq(cvs.isDefault, true)));
    await tx.update(cvs).set({ isDefault: true }).where(eq(cvs.id, id));
    return true;
  });
}

/** A copy named "Copy of …", with its own history. */
export async function duplicateCv(db: Db, owner: CvOwner, id: number, now: Date): Promise<CreateOutcome | null> {
  const source = await getCv(db, owner, id);
  if (!source) return null;
  return createCv(
    db,
    owner,
    { name: `Copy of ${source.name}`.slice(0, 120), document: source.document, source: "copy" },
    now,
  );
}

/**
 * Deletes a CV, undoable for UNDO_SECONDS. A deleted default passes the default to the most
 * recently edited CV left (and comes back as default when restored only if none was chosen since).
 */
export async function deleteCv(db: Db, owner: CvOwner, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(cvs)
      .set({ deletedAt: now, isDefault: false })
      .where(mine(owner, id))
      .returning({ id: cvs.id });
    if (!row) return false;
    const [{ defaults } = { defaults: 0 }] = await tx
      .select({ defaults: count() })
      .from(cvs)
      .where(and(eq(cvs.userId, owner.id), live, eq(cvs.isDefault, true)));
    if (defaults === 0) {
      const [next] = await tx
        .select({ id: cvs.id })
        .from(cvs)
        .where(and(eq(cvs.userId, owner.id), live))
        .orderBy(desc(cvs.updatedAt), desc(cvs.id))
        .limit(1);
      if (next) await tx.update(cvs).set({ isDefault: true }).where(eq(cvs.id, next.id));
    }
    return true;
  });
}

/** The name of a CV of the owner's deleted less than UNDO_SECONDS ago (what an undo would bring back), or null. */
export async function undoableDeletion(
  db: Db,
  owner: CvOwner,
  id: number,
  now: Date,
): Promise<{ name: string; until: Date } | null> {
  const [row] = await db
    .select({ name: cvs.name, deletedAt: cvs.deletedAt })
    .from(cvs)
    .where(
      and(eq(cvs.id, id), eq(cvs.userId, owner.id), gt(cvs.deletedAt, new Date(now.getTime() - UNDO_SECONDS * 1000))),
    );
  return row ? { name: row.name, until: new Date(row.deletedAt!.getTime() + UNDO_SECONDS * 1000) } : null;
}

/** Brings back a CV deleted less than UNDO_SECONDS ago. */
export async function restoreCv(db: Db, owner: CvOwner, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(cvs)
      .set({ deletedAt: null })
      .where(
        and(eq(cvs.id, id), eq(cvs.userId, owner.id), gt(cvs.deletedAt, new Date(now.getTime() - UNDO_SECONDS * 1000))),
      )
      .returning({ id: cvs.id });
    if (!rows.length) return false;
    const [{ defaults } = { defaults: 0 }] = await tx
      .select({ defaults: count() })
      .from(cvs)
      .where(and(eq(cvs.userId, owner.id), live, eq(cvs.isDefault, true)));
    if (defaults === 0) await tx.update(cvs).set({ isDefault: true }).where(eq(cvs.id, id));
    return true;
  });
}

/** Records a download or an ATS check, for the university's analytics. */
export async function recordCvEvent(
  db: Db,
  owner: CvOwner,
  kind: "cv.exported" | "cv.ats_checked",
  cvId: number,
  now: Date,
  data: Record<string, unknown> = {},
): Promise<void> {
  await recordEvent(db, { kind, at: now, userId: owner.id, universityId: owner.universityId, data: { cvId, ...data } });
}

/** The person's latest ATS check of a CV: its score and when, or null. */
const atsCheckQuery = preparedQuery((db) =>
  db
    .select({ data: events.data, at: events.occurredAt })
    .from(events)
    .where(and(eq(events.userId, sql.placeholder("userId")), eq(events.kind, "cv.ats_checked")))
    .orderBy(desc(events.occurredAt), desc(events.id))
    .limit(1)
    .prepare("latest_ats_check"),
);

export async function latestAtsCheck(db: Db, userId: number): Promise<{ score: number; at: Date } | null> {
  const [row] = await atsCheckQuery(db).execute({ userId });
  return row && typeof row.data.score === "number" ? { score: row.data.score, at: row.at } : null;
}
