import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type University, universities, users } from "~/db/schema";
import { brandOf } from "./university.server";
import type { SessionStore } from "~/features/auth/session.server";
import { composeEmail, greetingFor } from "~/features/email/compose";
import type { Outbox } from "~/features/email/outbox.server";
import type { Limit, Limiter } from "~/lib/rate-limit";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { markInvitationsAccepted } from "./invitations.server";
import { consumeToken, issueToken } from "./tokens.server";

/** Reset links asked for: per address (whoever asks) and per client. */
export const RESET_LIMITS: { address: Limit; client: Limit } = {
  address: { max: 3, windowSeconds: 60 * 60 },
  client: { max: 10, windowSeconds: 60 * 60 },
};
/** Wrong current passwords on the change-password pages, per account. */
export const CHANGE_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };

type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };

async function accountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash, university: universities })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/**
 * Sends a reset link to the account with this address, if there is one. The caller answers the
 * same either way; the email itself goes out from the job queue, so how long SMTP takes tells a
 * visitor nothing.
 */
export async function requestPasswordReset({ db, outbox, now, origin }: Deps, email: string): Promise<void> {
  const account = await accountByEmail(db, email);
  if (!account) return;
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, { userId: account.id, purpose: "reset_password" }, now);
    const message = composeEmail(
      {
        subject: "Reset your password",
        greeting: greetingFor(account.name),
        paragraphs: [`Someone, we hope you, asked to reset the password of your ${brandOf(account.university).name} careers account.`],
        action: { label: "Choose a new password", url: `${origin}/reset-password/${token}` },
        after: [
          "The link works once, for one hour. Choosing a new password logs you out everywhere else.",
          "If you did not ask for this, ignore this email: your password stays as it is.",
        ],
      },
      brandOf(account.university),
    );
    await outbox.queue(tx, { kind: "password-reset", to: account.email, universityId: account.university?.id ?? null, email: message });
  });
  outbox.flush();
}

function passwordChangedEmail(account: { name: string; university: University | null }, origin: string) {
  const forgot = account.university ? `/forgot-password/${account.university.slug}` : "/login?next=forgot-password";
  return composeEmail(
    {
      subject: "Your password has been changed",
      greeting: greetingFor(account.name),
      paragraphs: [
        "The password of your careers account has just been changed, and the account has been logged out everywhere else.",
        "If you changed it, there is nothing more to do. If it was not you, choose a new password at once and tell your university's careers service.",
      ],
      action: { label: "Choose a new password", url: `${origin}${forgot}` },
    },
    brandOf(account.university),
  );
}

export type ResetOutcome = { ok: true } | { ok: false; reason: "unknown" | "used" | "expired" };

/**
 * Sets a new password with a reset link: the link is used up, every session of the account ends,
 * and the account is told by email, all in one transaction.
 */
export async function resetPassword(deps: Deps & { sessions: SessionStore }, token: string, password: string): Promise<ResetOutcome> {
  const passwordHash = await hashPassword(password);
  const outcome = await deps.db.transaction(async (tx): Promise<ResetOutcome> => {
    const used = await consumeToken(tx, token, "reset_password", deps.now);
    if (!used.ok) return used;
    const [account] = await tx
      .select({ name: users.name, email: users.email, university: universities })
      .from(users)
      .leftJoin(universities, eq(universities.id, users.universityId))
      .where(eq(users.id, used.userId));
    // The link came to the address, so the address is confirmed too (an invited account that never used its invitation).
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${deps.now.toISOString()}::timestamptz)`, updatedAt: deps.now })
      .where(eq(users.id, used.userId));
    await markInvitationsAccepted(tx, used.userId, deps.now);
    await deps.sessions.revokeAllOf(tx, used.userId);
    await deps.outbox.queue(tx, {
      kind: "password-changed",
      to: account!.email,
      universityId: account!.university?.id ?? null,
      email: passwordChangedEmail(account!, deps.origin),
    });
    return { ok: true };
  });
  if (outcome.ok) deps.outbox.flush();
  return outcome;
}

export type ChangeOutcome = { ok: true } | { ok: false; field: "current_password"; message: string } | { ok: false; retryAfterSeconds: number };

/**
 * Changes a logged-in user's password after checking the current one (limited per account, so a
 * stolen session cannot guess it); every other session of the account ends.
 */
export async function changePassword(
  deps: Deps & { sessions: SessionStore; limiter: Limiter & { reset?(key: string): Promise<void> } },
  user: { id: number; email: string },
  sessionToken: string,
  input: { current: string; password: string },
): Promise<ChangeOutcome> {
  const key = `change-password:user:${user.id}`;
  const wait = await deps.limiter.retryAfter(key, CHANGE_LIMIT);
  if (wait > 0) return { ok: false, retryAfterSeconds: wait };
  const account = await accountByEmail(deps.db, user.email);
  if (!account || !(await verifyPassword(account.passwordHash, input.current))) {
    const over = await deps.limiter.spend(key, CHANGE_LIMIT);
    if (over > 0) return { ok: false, retryAfterSeconds: over };
    return { ok: false, field: "current_password", message: "Your current password is not right" };
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.now }).where(eq(users.id, user.id));
    await deps.sessions.revokeAllOf(tx, user.id, sessionToken);
    await deps.outbox.queue(tx, { kind: "password-changed", to: account.email, universityId: account.university?.id ?? null, email: passwordChangedEmail(account, deps.origin) });
  });
  deps.outbox.flush();
  return { ok: true };
}
