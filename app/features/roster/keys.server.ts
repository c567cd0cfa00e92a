import { type AuditActor, recordAudit } from "~/db/audit.server";
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { type University, rosterApiKeys, universities } from "~/db/schema";
import type { Signer } from "~/lib/signer.server";

/** What a key looks like: a prefix naming what it is for (secret scanners find it), and 256 random bits. */
const KEY_SHAPE = /^rk_[A-Za-z0-9_-]{43}$/;

export const KeyNameField = z
  .string({ error: "Name the key, like “SITS nightly export”" })
  .trim()
  .min(1, "Name the key, like “SITS nightly export”")
  .max(80, "A key's name is at most 80 characters");

/** A new key for the university: the key itself, to show once, and its row. */
export async function createRosterKey(
  db: Db,
  signer: Signer,
  {
    universityId,
    admin,
    name,
    now,
  }: { universityId: number; admin: AuditActor & { id: number }; name: string; now: Date },
): Promise<{ id: number; key: string }> {
  const key = `rk_${randomBytes(32).toString("base64url")}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rosterApiKeys)
      .values({ universityId, name, keyHash: signer.sign(key), createdBy: admin.id, createdAt: now })
      .returning({ id: rosterApiKeys.id });
    await recordAudit(tx, {
      actor: admin,
      action: "roster_key.created",
      universityId,
      target: { type: "roster_api_key", id: row!.id },
      after: { name },
      at: now,
    });
    return { id: row!.id, key };
  });
}

export type RosterKeyRow = {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** The university's keys, newest first (revoked ones too, for the record). */
export function rosterKeys(db: Db, universityId: number): Promise<RosterKeyRow[]> {
  return db
    .select({
      id: rosterApiKeys.id,
      name: rosterApiKeys.name,
      createdAt: rosterApiKeys.createdAt,
      lastUsedAt: rosterApiKeys.lastUsedAt,
      revokedAt: rosterApiKeys.revokedAt,
    })
    .from(rosterApiKeys)
    .where(eq(rosterApiKeys.universityId, universityId))
    .orderBy(desc(rosterApiKeys.createdAt), desc(rosterApiKeys.id));
}

/** Revokes one of the university's keys; another university's, or one revoked already, answers null. */
export async function revokeRosterKey(
  db: Db,
  actor: AuditActor,
  universityId: number,
  id: number,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(rosterApiKeys)
      .set({ revokedAt: now })
      .where(
        and(eq(rosterApiKeys.id, id), eq(rosterApiKeys.universityId, universityId), isNull(rosterApiKeys.revokedAt)),
      )
      .returning({ name: rosterApiKeys.name });
    if (!row) return null;
    await recordAudit(tx, {
      actor,
      action: "roster_key.revoked",
      universityId,
      target: { type: "roster_api_key", id },
      before: { name: row.name, revokedAt: null },
      after: { name: row.name, revokedAt: now },
      at: now,
    });
    return row.name;
  });
}

/** The university a bearer key belongs to, noting its use; null for anything but a key in use. */
export async function universityOfKey(
  db: Db,
  signer: Signer,
  key: string,
  now: Date,
): Promise<{ keyId: number; university: University } | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const [row] = await db
    .update(rosterApiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(rosterApiKeys.keyHash, signer.sign(key)), isNull(rosterApiKeys.revokedAt)))
    .returning({ id: rosterApiKeys.id, universityId: rosterApiKeys.universityId });
  if (!row) return null;
  const [university] = await db.select().from(universities).where(eq(universities.id, row.universityId));
  return university ? { keyId: row.id, university } : null;
}
