import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type TokenPurpose, accountTokens, users } from "~/db/schema";

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset_password: 60 * 60_000,
  verify_email: 24 * 60 * 60_000,
  set_password: 7 * 24 * 60 * 60_000,
  invitation: 14 * 24 * 60 * 60_000,
  change_email: 24 * 60 * 60_000,
  complete_profile: 24 * 60 * 60_000,
  second_factor: 10 * 60_000,
};

// 32 random bytes in base64url: 43 characters.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A new link token: what the link carries, and the hash stored for it. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** The stored hash of a token from a link, or null for anything no link of ours carries. */
export function storedHashOf(token: string): string | null {
  return TOKEN_SHAPE.test(token) ? hashToken(token) : null;
}

/**
 * A new one-time link token for a user, stored hashed. The user's earlier unused tokens of the same
 * purpose stop working: only the newest link sent counts.
 */
export async function issueToken(
  tx: Pick<Db, "insert" | "update">,
  opts: { userId: number; purpose: TokenPurpose; data?: Record<string, string> },
  now: Date,
): Promise<string> {
  const { token, tokenHash } = newToken();
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, opts.userId), eq(accountTokens.purpose, opts.purpose), isNull(accountTokens.usedAt)),
    );
  await tx.insert(accountTokens).values({
    tokenHash,
    purpose: opts.purpose,
    userId: opts.userId,
    data: opts.data ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[opts.purpose]),
  });
  return token;
}

/** Why a link does not work: no such link, used, expired, or its account deactivated since it was sent. */
export type TokenProblem = "unknown" | "used" | "expired" | "deactivated";

export type TokenCheck =
  | { ok: true; userId: number; data: Record<string, string> | null }
  | { ok: false; reason: TokenProblem };

async function explain(db: Pick<Db, "select">, hash: string, purpose: TokenPurpose, now: Date): Promise<TokenCheck> {
  const [found] = await db
    .select({ row: accountTokens, accessStatus: users.accessStatus })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose)));
  if (!found) return { ok: false, reason: "unknown" };
  const { row } = found;
  if (found.accessStatus === "deactivated") return { ok: false, reason: "deactivated" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, userId: row.userId, data: row.data };
}

/** Whether a token would work now, without using it (to show the page it opens). */
export function checkToken(
  db: Pick<Db, "select">,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenCheck> {
  const hash = storedHashOf(token);
  return hash ? explain(db, hash, purpose, now) : Promise.resolve({ ok: false, reason: "unknown" });
}

/**
 * Uses a token: at most one of several requests racing with the same token succeeds, since the
 * update only takes a row that is still unused. A deactivated account's links do not work: its
 * person may not set a password or confirm an address while it is deactivated.
 */
export async function consumeToken(
  tx: Pick<Db, "select" | "update">,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenCheck> {
  const hash = storedHashOf(token);
  if (!hash) return { ok: false, reason: "unknown" };
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
        inArray(
          accountTokens.userId,
          tx.select({ id: users.id }).from(users).where(ne(users.accessStatus, "deactivated")),
        ),
      ),
    )
    .returning({ userId: accountTokens.userId, data: accountTokens.data });
  return row ? { ok: true, userId: row.userId, data: row.data } : explain(tx, hash, purpose, now);
}

/** What a person who followed a link that no longer works is told. */
export function tokenProblem(reason: TokenProblem, what: string): string {
  if (reason === "deactivated") {
    return `This ${what} link no longer works: its account has been deactivated. If you think this is a mistake, contact us.`;
  }
  if (reason === "used") return `This ${what} link has already been used. Each link works once.`;
  if (reason === "expired") return `This ${what} link has expired.`;
  return `This ${what} link is not valid. Check that you copied the whole address from the email.`;
}
