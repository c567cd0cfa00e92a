import { type SQL, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { enqueueJob } from "~/db/jobs.server";
import { type University, universities, users } from "~/db/schema";
import { brandOf } from "./university.server";
import type { SessionStore } from "~/features/auth/index.server";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import type { Limit, Limiter } from "~/lib/rate-limit";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { markInvitationsAccepted } from "./invitations.server";
import { type TokenProblem, consumeToken, issueToken } from "~/db/tokens.server";

/** Reset links asked for: per address (whoever asks) and per client. */
export const RESET_LIMITS: { address: Limit; client: Limit } = {
  address: { max: 3, windowSeconds: 60 * 60 },
  client: { max: 10, windowSeconds: 60 * 60 },
};
/** Tries of the current password, per account, on the forms that change the password or the email address. */
export const CHANGE_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };
/** The one count of CHANGE_LIMIT, so the two forms share it. */
export const currentPasswordLimit = (userId: number) => ({
  key: `current-password:user:${userId}`,
  limit: CHANGE_LIMIT,
});

/** What a form says once its password has been tried too often. */
export function tooManyTries(seconds: number, password = "your password"): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many tries of ${password}. For your security, wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

export type PasswordCheck = "right" | "wrong" | { retryAfterSeconds: number };

/**
 * Checks a logged-in person's password before a change to their account, under a limit per account
 * so a stolen session cannot guess it. Every try counts, and is counted before argon2 judges it, in
 * one statement: tries arriving together cannot all slip under the limit.
 */
export async function checkOwnPassword(
  db: Db,
  limiter: Limiter,
  userId: number,
  password: string,
  { key, limit }: { key: string; limit: Limit },
): Promise<PasswordCheck> {
  const over = await limiter.spend(key, limit);
  if (over > 0) return { retryAfterSeconds: over };
  const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return (await verifyPassword(account?.passwordHash, password)) ? "right" : "wrong";
}

type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };

async function accountWhere(db: Db, condition: SQL) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      accessStatus: users.accessStatus,
      university: universities,
    })
    .from(users)
    .leftJoin(universities, eq(universities.id, users.universityId))
    .where(condition);
  return row ?? null;
}

export const PASSWORD_RESET_JOB = "accounts.password-reset";

/**
 * Asks for a reset link for an address. The request does the same for every address, one job in the
 * queue, so neither the answer nor the time it takes says whether an account uses it: the job looks
 * the account up (sendPasswordReset).
 */
export async function requestPasswordReset({ db, outbox, now, origin }: Deps, email: string): Promise<void> {
  await enqueueJob(db, PASSWORD_RESET_JOB, { email, origin }, now);
  // Wakes the job runner, which sends the outbox's emails too.
  outbox.flush();
}

/** The reset job: a link for the account with this address, if there is one, by email. */
export async function sendPasswordReset({ db, outbox, now, origin }: Deps, email: string): Promise<void> {
  const account = await accountWhere(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);
  // A deactivated account's link would not work (consumeToken): none is sent.
  if (!account || account.accessStatus === "deactivated") return;
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, { userId: account.id, purpose: "reset_password" }, now);
    const message = composeEmail(
      {
        subject: "Reset your password",
        greeting: greetingFor(account.name),
        paragraphs: [
          `Someone, we hope you, asked to reset the password of your ${brandOf(account.university).name} careers account.`,
        ],
        action: { label: "Choose a new password", url: `${origin}/reset-password/${token}` },
        after: [
          "The link works once, for one hour. Choosing a new password logs you out everywhere else.",
          "If you did not ask for this, ignore this email: your password stays as it is.",
        ],
      },
      brandOf(account.university),
    );
    await outbox.queue(tx, {
      kind: "password-reset",
      to: account.email,
      universityId: account.university?.id ?? null,
      email: message,
    });
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

export type ResetOutcome = { ok: true } | { ok: false; reason: TokenProblem };

/**
 * Sets a new password with a reset link: the link is used up, every session of the account ends,
 * and the account is told by email, all in one transaction.
 */
export async function resetPassword(
  deps: Deps & { sessions: SessionStore },
  token: string,
  password: string,
): Promise<ResetOutcome> {
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
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${deps.now.toISOString()}::timestamptz)`,
        updatedAt: deps.now,
      })
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

export type ChangeOutcome =
  | { ok: true }
  | { ok: false; field: "current_password"; message: string }
  | { ok: false; retryAfterSeconds: number };

/**
 * Changes a logged-in user's password after checking the current one (limited per account, so a
 * stolen session cannot guess it); every other session of the account ends.
 */
export async function changePassword(
  deps: Deps & { sessions: SessionStore; limiter: Limiter },
  user: { id: number },
  sessionToken: string,
  input: { current: string; password: string },
): Promise<ChangeOutcome> {
  const check = await checkOwnPassword(deps.db, deps.limiter, user.id, input.current, currentPasswordLimit(user.id));
  if (typeof check === "object") return { ok: false, ...check };
  if (check === "wrong") return { ok: false, field: "current_password", message: "Your current password is not right" };
  const account = (await accountWhere(deps.db, eq(users.id, user.id)))!;
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.now }).where(eq(users.id, user.id));
    await deps.sessions.revokeAllOf(tx, user.id, sessionToken);
    await deps.outbox.queue(tx, {
      kind: "password-changed",
      to: account.email,
      universityId: account.university?.id ?? null,
      email: passwordChangedEmail(account, deps.origin),
    });
  });
  deps.outbox.flush();
  return { ok: true };
}
