import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { STAFF_TOTP_SEAL, staffAuthenticators, staffRecoveryCodes, users } from "~/db/schema";
import { checkToken, consumeToken, issueToken } from "~/db/tokens.server";
import { base32Decode, base32Encode, matchTotp, newTotpSecret } from "~/lib/totp.server";
import { open, seal } from "~/lib/secret-box.server";

export const RECOVERY_CODE_COUNT = 10;

/**
 * After a platform staff member's right password: the login waits for the second factor, as a
 * one-time token (10 minutes) the browser keeps in a cookie. Someone not yet enrolled gets an
 * authenticator secret to enrol; an enrolment left half-way keeps its secret, which the person may
 * already have scanned.
 */
export async function beginSecondFactor(db: Db, key: Buffer, userId: number, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .insert(staffAuthenticators)
      .values({ userId, secretSealed: seal(key, STAFF_TOTP_SEAL, newTotpSecret()) })
      .onConflictDoNothing();
    return issueToken(tx, { userId, purpose: "second_factor" }, now);
  });
}

export type Challenge = {
  userId: number;
  email: string;
  /** The secret to enrol (base32), while the person has no authenticator yet; null once they have. */
  enrolling: string | null;
};

/** The login waiting for a second factor that a token names, or null when it is unknown, used or past. */
export async function challengeOf(db: Db, key: Buffer, token: string, now: Date): Promise<Challenge | null> {
  const check = await checkToken(db, token, "second_factor", now);
  if (!check.ok) return null;
  const [row] = await db
    .select({
      email: users.email,
      role: users.role,
      sealed: staffAuthenticators.secretSealed,
      enrolledAt: staffAuthenticators.enrolledAt,
    })
    .from(users)
    .innerJoin(staffAuthenticators, eq(staffAuthenticators.userId, users.id))
    .where(eq(users.id, check.userId));
  if (!row || row.role !== "platform_staff") return null;
  return {
    userId: check.userId,
    email: row.email,
    enrolling: row.enrolledAt ? null : open(key, STAFF_TOTP_SEAL, row.sealed),
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Accepts a code of the person's authenticator once: the step it belongs to is written only if it
 * is later than the last one accepted, so two requests with one code cannot both pass.
 */
async function acceptTotp(tx: Tx | Db, key: Buffer, userId: number, typed: string, now: Date): Promise<boolean> {
  const [auth] = await tx.select().from(staffAuthenticators).where(eq(staffAuthenticators.userId, userId));
  const secret = auth && base32Decode(open(key, STAFF_TOTP_SEAL, auth.secretSealed));
  const step = secret ? matchTotp(secret, typed, now, auth.lastStep) : null;
  if (step === null) return false;
  const [taken] = await tx
    .update(staffAuthenticators)
    .set({
      lastStep: step,
      enrolledAt: sql`coalesce(${staffAuthenticators.enrolledAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(staffAuthenticators.userId, userId),
        or(isNull(staffAuthenticators.lastStep), lt(staffAuthenticators.lastStep, step)),
      ),
    )
    .returning({ userId: staffAuthenticators.userId });
  return !!taken;
}

const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(code.replace(/[\s-]/g, "").toUpperCase()).digest("base64url");

/** Ten new codes of 80 random bits each (16 base32 characters in groups of four); earlier codes stop working. */
async function newRecoveryCodes(tx: Tx, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    base32Encode(randomBytes(10)).match(/.{4}/g)!.join("-"),
  );
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

const looksLikeRecoveryCode = (typed: string) => /^[A-Z2-7]{16}$/i.test(typed.replace(/[\s-]/g, ""));

export type SecondFactorOutcome =
  | { ok: true; userId: number; recoveryCodes: string[] | null; usedRecoveryCode: boolean }
  | { ok: false; reason: "challenge" | "code" };

/**
 * The second step of a staff login: an authenticator code (the first one enrols it, and brings the
 * ten recovery codes, shown once), or, once enrolled, one of the recovery codes, each usable once.
 * The waiting login is used up in the same transaction, so a code opens one session.
 */
export async function completeSecondFactor(
  db: Db,
  key: Buffer,
  token: string,
  typed: string,
  now: Date,
): Promise<SecondFactorOutcome> {
  return db.transaction(async (tx): Promise<SecondFactorOutcome> => {
    const check = await checkToken(tx, token, "second_factor", now);
    if (!check.ok) return { ok: false, reason: "challenge" };
    const { userId } = check;
    const [auth] = await tx
      .select({ enrolledAt: staffAuthenticators.enrolledAt })
      .from(staffAuthenticators)
      .innerJoin(users, eq(users.id, staffAuthenticators.userId))
      .where(and(eq(staffAuthenticators.userId, userId), eq(users.role, "platform_staff")));
    if (!auth) return { ok: false, reason: "challenge" };
    const enrolling = auth.enrolledAt === null;
    let usedRecoveryCode = false;
    if (!enrolling && looksLikeRecoveryCode(typed)) {
      const [used] = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffRecoveryCodes.userId, userId),
            eq(staffRecoveryCodes.codeHash, hashRecoveryCode(typed)),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (!used) return { ok: false, reason: "code" };
      usedRecoveryCode = true;
    } else if (!(await acceptTotp(tx, key, userId, typed, now))) {
      return { ok: false, reason: "code" };
    }
    const consumed = await consumeToken(tx, token, "second_factor", now);
    if (!consumed.ok) return { ok: false, reason: "challenge" };
    const recoveryCodes = enrolling ? await newRecoveryCodes(tx, userId, now) : null;
    return { ok: true, userId, recoveryCodes, usedRecoveryCode };
  });
}

/**
 * A sensitive action's fresh code (changing a university's plan, granting flags, ending someone's
 * sessions): a code of the staff member's own enrolled authenticator, not used before. A recovery
 * code does not do: it is for getting in, not for acting.
 */
export async function acceptFreshCode(db: Db, key: Buffer, userId: number, typed: string, now: Date): Promise<boolean> {
  const [auth] = await db
    .select({ userId: staffAuthenticators.userId })
    .from(staffAuthenticators)
    .where(and(eq(staffAuthenticators.userId, userId), isNotNull(staffAuthenticators.enrolledAt)));
  return !!auth && acceptTotp(db, key, userId, typed, now);
}
