import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { sessions as sessionRows, universities, users } from "~/db/schema";
import { queueConfirmation } from "~/features/accounts/index.server";
import type { SessionStore } from "~/features/auth/index.server";
import type { Outbox } from "~/features/email/index.server";
import { type PersonAction, refusalOf } from "./people";

/**
 * The changes platform staff make to a person's account on /ops/users/:id. Each runs in one
 * transaction with its audit entry, on the account's row locked, after `refusalOf` and the account's
 * state allow it; the person's cached session look-ups are dropped after it.
 */

export type ChangeDeps = {
  db: Db;
  sessions: Pick<SessionStore, "revokeAllOf" | "forgetUser">;
  outbox: Outbox;
  now: Date;
  origin: string;
};
export type Staff = AuditActor & { id: number };
export type ChangeOutcome = { ok: true; message: string } | { ok: false; status: 403 | 404 | 409; message: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function lockedPerson(tx: Tx, userId: number) {
  const [person] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      accessStatus: users.accessStatus,
      universityId: users.universityId,
      emailVerifiedAt: users.emailVerifiedAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      cihPremiumAccess: users.cihPremiumAccess,
      countryGuideAccess: users.countryGuideAccess,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return person;
}
type Person = NonNullable<Awaited<ReturnType<typeof lockedPerson>>>;

async function openSessionCount(tx: Tx, userId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(sessionRows)
    .where(and(eq(sessionRows.userId, userId), isNull(sessionRows.revokedAt), gt(sessionRows.expiresAt, now)));
  return row?.n ?? 0;
}

async function changePerson(
  deps: ChangeDeps,
  staff: Staff,
  userId: number,
  action: PersonAction,
  change: (
    tx: Tx,
    person: Person,
    audit: (verb: string, before: object, after: object) => Promise<void>,
  ) => Promise<ChangeOutcome>,
): Promise<ChangeOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<ChangeOutcome> => {
    const person = await lockedPerson(tx, userId);
    if (!person) return { ok: false, status: 404, message: "There is no such account." };
    const refusal = refusalOf(action, staff.id, person);
    if (refusal) return { ok: false, status: 403, message: refusal };
    return change(tx, person, (verb, before, after) =>
      recordAudit(tx, {
        actor: staff,
        action: `user.${verb}`,
        universityId: person.universityId,
        target: { type: "user", id: person.id },
        before: before as Record<string, unknown>,
        after: after as Record<string, unknown>,
        at: deps.now,
      }),
    );
  });
  // Whatever changed, this instance's cached look-ups of the person's sessions must not outlive it.
  if (outcome.ok) deps.sessions.forgetUser(userId);
  return outcome;
}

/** Takes an active account's access away and ends its sessions: it cannot log in until reactivated. */
export function deactivatePerson(deps: ChangeDeps, staff: Staff, userId: number) {
  return changePerson(deps, staff, userId, "deactivate", async (tx, person, audit) => {
    // An account awaiting approval or refused has no access to take away: that is its university's to decide.
    if (person.accessStatus !== "active")
      return {
        ok: false,
        status: 409,
        message: `${person.name}'s account is not active, so it cannot be deactivated.`,
      };
    const open = await openSessionCount(tx, person.id, deps.now);
    await tx.update(users).set({ accessStatus: "deactivated", updatedAt: deps.now }).where(eq(users.id, person.id));
    await deps.sessions.revokeAllOf(tx, person.id);
    await audit(
      "deactivated",
      { accessStatus: "active", openSessions: open },
      { accessStatus: "deactivated", openSessions: 0 },
    );
    return { ok: true, message: `${person.name}'s account is deactivated and their sessions have ended.` };
  });
}

/** Gives a deactivated account its access back, as it was (an access end that has passed stays passed). */
export function reactivatePerson(deps: ChangeDeps, staff: Staff, userId: number) {
  return changePerson(deps, staff, userId, "reactivate", async (tx, person, audit) => {
    if (person.accessStatus !== "deactivated")
      return { ok: false, status: 409, message: `${person.name}'s account is not deactivated.` };
    await tx.update(users).set({ accessStatus: "active", updatedAt: deps.now }).where(eq(users.id, person.id));
    await audit("reactivated", { accessStatus: "deactivated" }, { accessStatus: "active" });
    return { ok: true, message: `${person.name}'s account is active again.` };
  });
}

export type AccessFlags = { cihPremiumAccess: boolean; countryGuideAccess: boolean };

/** Grants or revokes premium access to the career hub and the country guides. */
export function setPersonAccess(deps: ChangeDeps, staff: Staff, userId: number, flags: AccessFlags) {
  return changePerson(deps, staff, userId, "access", async (tx, person, audit) => {
    const before = { cihPremiumAccess: person.cihPremiumAccess, countryGuideAccess: person.countryGuideAccess };
    if (before.cihPremiumAccess === flags.cihPremiumAccess && before.countryGuideAccess === flags.countryGuideAccess)
      return { ok: true, message: `${person.name}'s access was already as chosen: nothing changed.` };
    await tx
      .update(users)
      .set({ ...flags, updatedAt: deps.now })
      .where(eq(users.id, person.id));
    await audit("flags_changed", before, flags);
    return { ok: true, message: `${person.name}'s access is saved.` };
  });
}

/** Ends every session of the account: it is logged out everywhere, at once here and within seconds elsewhere. */
export function endPersonSessions(deps: ChangeDeps, staff: Staff, userId: number) {
  return changePerson(deps, staff, userId, "end-sessions", async (tx, person, audit) => {
    const open = await openSessionCount(tx, person.id, deps.now);
    await deps.sessions.revokeAllOf(tx, person.id);
    await audit("sessions_ended", { openSessions: open }, { openSessions: 0 });
    return {
      ok: true,
      message: `${open} session${open === 1 ? "" : "s"} of ${person.name} ended.`,
    };
  });
}

/**
 * Sends the email that confirms an address again (a registration's, with a new link; the earlier one
 * stops working), to an account whose address is not confirmed and that has no password yet.
 */
export async function resendConfirmation(deps: ChangeDeps, staff: Staff, userId: number) {
  const outcome = await changePerson(deps, staff, userId, "resend-confirmation", async (tx, person, audit) => {
    if (person.emailVerifiedAt || person.hasPassword)
      return { ok: false, status: 409, message: `${person.name}'s address is confirmed already.` };
    if (person.accessStatus === "deactivated")
      return { ok: false, status: 409, message: `${person.name}'s account is deactivated: reactivate it first.` };
    const [university] =
      person.universityId === null
        ? []
        : await tx.select().from(universities).where(eq(universities.id, person.universityId));
    // An employer belongs to no university; everyone else registers with one.
    if (!university && person.role !== "employer")
      return { ok: false, status: 409, message: `${person.name}'s account has no university to register with.` };
    await queueConfirmation(tx, deps.outbox, person, university ?? null, deps.origin, deps.now);
    await audit("confirmation_resent", {}, { confirmationSentTo: person.email });
    return { ok: true, message: `A new confirmation email is on its way to ${person.email}.` };
  });
  if (outcome.ok) deps.outbox.flush();
  return outcome;
}
