import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type TokenPurpose, accountTokens } from "~/db/schema";

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

export type TokenCheck =
  | { ok: true; userId: number; data: Record<string, string> | null }
  | { ok: false; reason: "unknown" | "used" | "expired" };

async function explain(db: Pick<Db, "select">, hash: string, purpose: TokenPurpose, now: Date): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose)));
  if (!row) return { ok: false, reason: "unknown" };
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
 * update only takes a row that is still unused.
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
      ),
    )
    .returning({ userId: accountTokens.userId, data: accountTokens.data });
  return row ? { ok: true, userId: row.userId, data: row.data } : explain(tx, hash, purpose, now);
}

/** What a person who followed a link that no longer works is told. */
export function tokenProblem(reason: "unknown" | "used" | "expired", what: string): string {
  if (reason === "used") return `This ${what} link has already been used. Each link works once.`;
  if (reason === "expired") return `This ${what} link has expired.`;
  return `This ${what} link is not valid. Check that you copied the whole address from the email.`;
}
