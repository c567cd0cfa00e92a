import { type AuditActor, recordAudit } from "~/db/audit.server";
import { TransactionRollbackError, and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { type Invitation, type University, invitations, users } from "~/db/schema";
import { composeEmail } from "~/features/email";
import type { Outbox, OutgoingEmail } from "~/features/email/index.server";
import { hashPassword } from "~/lib/password.server";
import { brandOf } from "./university.server";
import { TOKEN_LIFETIME_MS, issueToken, newToken, storedHashOf, tokenProblem } from "~/db/tokens.server";

type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };

export function invitationPath(userId: number, token: string): string {
  return `/register-invite/${userId}?token=${token}`;
}

function invitationEmail(
  university: University,
  to: string,
  userId: number,
  token: string,
  origin: string,
): OutgoingEmail {
  const brand = brandOf(university);
  return {
    kind: "invitation",
    to,
    universityId: university.id,
    email: composeEmail(
      {
        subject: `You are invited to ${brand.name} careers`,
        greeting: "Hello,",
        paragraphs: [
          `${brand.name} invites you to its careers platform: jobs with a visa verdict for each, a CV builder, career guides and videos.`,
          "Accept the invitation to choose your password and tell us about your studies.",
        ],
        action: { label: "Accept the invitation", url: `${origin}${invitationPath(userId, token)}` },
        after: ["The invitation works once, for 14 days. If you did not expect it, ignore this email."],
      },
      brand,
    ),
  };
}

export type InviteOutcome = { invited: number; skipped: { email: string; reason: string }[] };

/** Ids for accounts still to be made, from the users' own sequence, so no account ever gets one of them otherwise. */
async function reserveUserIds(tx: Db, n: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id from generate_series(1, ${n})`,
  );
  return rows.map((r) => r.id);
}

/**
 * Invites addresses to a university: each gets an invitation holding a 14-day one-time link, and an
 * email, in one transaction; no account exists until the link is used. Skipped and named are only
 * what the admin can see anyway: the university's own accounts and its open invitations. An address
 * with an account elsewhere is invited like any other (its owner learns of the account on the link's
 * page), so the answer never tells one university who uses another.
 */
export async function inviteStudents(
  { db, outbox, now, origin }: Deps,
  admin: AuditActor & { id: number },
  university: University,
  emails: readonly string[],
): Promise<InviteOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const { invited, skipped } = await queueInvitations({ tx, outbox, now, origin }, admin.id, university, emails);
    // One entry for the list (it may hold thousands): how many were invited and skipped.
    if (invited.length)
      await recordAudit(tx, {
        actor: admin,
        action: "invitations.sent",
        universityId: university.id,
        target: { type: "university", id: university.id },
        after: { invited: invited.length, skipped: skipped.length },
        at: now,
      });
    return { invited: invited.length, skipped };
  });
  outbox.flush();
  return outcome;
}

/**
 * The invitations of `inviteStudents` in the caller's transaction (the roster's sync makes them with
 * its records), with the account id each reserved; the caller flushes the outbox after committing.
 */
export async function queueInvitations(
  { tx, outbox, now, origin }: Omit<Deps, "db"> & { tx: Db },
  adminId: number | null,
  university: University,
  emails: readonly string[],
): Promise<{ invited: { email: string; userId: number }[]; skipped: InviteOutcome["skipped"] }> {
  const taken = new Set<string>();
  for (let i = 0; i < emails.length; i += 1_000) {
    const chunk = emails.slice(i, i + 1_000).map((e) => e.toLowerCase());
    const rows = await tx
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(eq(users.universityId, university.id), inArray(sql`lower(${users.email})`, chunk)))
      .union(
        tx
          .select({ email: sql<string>`lower(${invitations.email})` })
          .from(invitations)
          .where(
            and(
              eq(invitations.universityId, university.id),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
              inArray(sql`lower(${invitations.email})`, chunk),
            ),
          ),
      );
    for (const r of rows) taken.add(r.email);
  }
  const skipped = emails
    .filter((e) => taken.has(e.toLowerCase()))
    .map((email) => ({ email, reason: "already has an account or an invitation" }));
  const fresh = emails.filter((e) => !taken.has(e.toLowerCase()));
  const invited: { email: string; userId: number }[] = [];
  const messages: OutgoingEmail[] = [];
  for (let i = 0; i < fresh.length; i += 1_000) {
    const chunk = fresh.slice(i, i + 1_000);
    const ids = await reserveUserIds(tx, chunk.length);
    const links = chunk.map((email, j) => ({ email, userId: ids[j]!, ...newToken() }));
    // A list sent at the same moment with the same address invited it first: that one's email goes.
    const created = await tx
      .insert(invitations)
      .values(
        links.map(({ email, userId, tokenHash }) => ({
          universityId: university.id,
          userId,
          email,
          invitedBy: adminId,
          lastSentAt: now,
          tokenHash,
          tokenExpiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS.invitation),
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: invitations.userId });
    const sent = new Set(created.map((c) => c.userId));
    for (const l of links.filter((l) => sent.has(l.userId))) {
      invited.push({ email: l.email, userId: l.userId });
      messages.push(invitationEmail(university, l.email, l.userId, l.token, origin));
    }
  }
  await outbox.queueMany(tx, messages);
  return { invited, skipped };
}

/** Withdraws a university's open invitations of these addresses (a student who left, or whose address changed). */
export async function revokeOpenInvitations(
  tx: Pick<Db, "update">,
  universityId: number,
  emails: readonly string[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < emails.length; i += 1_000) {
    const chunk = emails.slice(i, i + 1_000).map((e) => e.toLowerCase());
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.universityId, universityId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          inArray(sql`lower(${invitations.email})`, chunk),
        ),
      );
  }
}

export type InvitationRow = { id: number; email: string; sentAt: Date; status: "pending" | "accepted" | "revoked" };

/** A university's newest invitations, for its dashboard. */
export async function recentInvitations(db: Db, universityId: number, limit = 100): Promise<InvitationRow[]> {
  const rows = await db
    .select()
    .from(invitations)
    .where(eq(invitations.universityId, universityId))
    .orderBy(desc(invitations.lastSentAt), desc(invitations.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    sentAt: r.lastSentAt,
    status: r.revokedAt ? "revoked" : r.acceptedAt ? "accepted" : "pending",
  }));
}

type ChangeOutcome = { ok: true; email: string } | { ok: false; status: 404 | 409; message: string };

/** An open invitation of this university, locked for the change; others answer as if missing. */
async function openInvitation(
  tx: Db,
  university: University,
  invitationId: number,
): Promise<ChangeOutcome & { userId?: number }> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.universityId, university.id)))
    .for("update");
  if (!row) return { ok: false, status: 404, message: "No invitation of your university has this number." };
  if (row.acceptedAt || row.revokedAt || row.userId === null)
    return {
      ok: false,
      status: 409,
      message: `The invitation of ${row.email} was already ${row.revokedAt ? "revoked" : "accepted"}.`,
    };
  return { ok: true, email: row.email, userId: row.userId };
}

/** Sends an open invitation again with a new link; the old link stops working. */
export async function resendInvitation(
  { db, outbox, now, origin }: Deps,
  actor: AuditActor,
  university: University,
  invitationId: number,
): Promise<ChangeOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const found = await openInvitation(tx, university, invitationId);
    if (!found.ok) return found;
    await recordAudit(tx, {
      actor,
      action: "invitation.resent",
      universityId: university.id,
      target: { type: "invitation", id: invitationId },
      after: { email: found.email },
      at: now,
    });
    const { token, tokenHash } = newToken();
    await tx
      .update(invitations)
      .set({ tokenHash, tokenExpiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS.invitation), lastSentAt: now })
      .where(eq(invitations.id, invitationId));
    await outbox.queue(tx, invitationEmail(university, found.email, found.userId!, token, origin));
    return { ok: true as const, email: found.email };
  });
  if (outcome.ok) outbox.flush();
  return outcome;
}

/** Withdraws an open invitation: its link leads nowhere from then on. */
export async function revokeInvitation(
  db: Db,
  actor: AuditActor,
  university: University,
  invitationId: number,
  now: Date,
): Promise<ChangeOutcome> {
  return db.transaction(async (tx) => {
    const found = await openInvitation(tx, university, invitationId);
    if (!found.ok) return found;
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, invitationId));
    await recordAudit(tx, {
      actor,
      action: "invitation.revoked",
      universityId: university.id,
      target: { type: "invitation", id: invitationId },
      before: { email: found.email, revokedAt: null },
      after: { email: found.email, revokedAt: now },
      at: now,
    });
    return { ok: true as const, email: found.email };
  });
}

export type InvitationProblem = "unknown" | "used" | "expired" | "taken";
export type InvitationCheck = { ok: true; email: string } | { ok: false; reason: InvitationProblem };

/** What the invitation link's page says when the link cannot make an account. */
export function invitationProblem(reason: InvitationProblem): string {
  if (reason === "taken")
    return "This email address already has an account, so the invitation cannot make another. Log in with it, or choose a new password if you have forgotten it.";
  return tokenProblem(reason, "invitation");
}

/** Why a link does not open its invitation, or null when it does (for the account id its path names). */
function problemWith(row: Invitation | undefined, userId: number, now: Date): InvitationProblem | null {
  if (!row || row.revokedAt) return "unknown";
  // Accepted by registering with the address instead, the invitation names that account now.
  if (row.acceptedAt) return "used";
  if (row.userId !== userId) return "unknown";
  if (!row.tokenExpiresAt || row.tokenExpiresAt <= now) return "expired";
  return null;
}

const accountWithAddress = (db: Pick<Db, "select">, email: string) =>
  db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

/** Whether an invitation link works for the account id its path names, and the address it invites. */
export async function checkInvitation(db: Db, userId: number, token: string, now: Date): Promise<InvitationCheck> {
  const hash = storedHashOf(token);
  const [row] = hash ? await db.select().from(invitations).where(eq(invitations.tokenHash, hash)) : [];
  const problem = problemWith(row, userId, now);
  if (problem) return { ok: false, reason: problem };
  // The address found an account another way since (another university's, or its own registration).
  if ((await accountWithAddress(db, row!.email)).length) return { ok: false, reason: "taken" };
  return { ok: true, email: row!.email };
}

/**
 * Accepts an invitation: the account is made from it, with the name and password, its address
 * confirmed and the id the link named, and the link is used, in one transaction; the profile step follows.
 */
export async function acceptInvitation(
  db: Db,
  userId: number,
  token: string,
  input: { name: string; password: string },
  now: Date,
): Promise<{ ok: true; email: string; profileToken: string } | { ok: false; reason: InvitationProblem }> {
  const hash = storedHashOf(token);
  if (!hash) return { ok: false, reason: "unknown" };
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      // Only one of several requests racing with the same link takes it.
      const [row] = await tx
        .update(invitations)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(invitations.tokenHash, hash),
            eq(invitations.userId, userId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.tokenExpiresAt, now),
          ),
        )
        .returning();
      if (!row) {
        const [seen] = await tx.select().from(invitations).where(eq(invitations.tokenHash, hash));
        return { ok: false as const, reason: problemWith(seen, userId, now) ?? "unknown" };
      }
      const [account] = await tx
        .insert(users)
        .values({
          id: userId,
          email: row.email,
          name: input.name,
          passwordHash,
          emailVerifiedAt: now,
          role: "student",
          universityId: row.universityId,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // The address has an account already: the link stays unused.
      if (!account) tx.rollback();
      const profileToken = await issueToken(tx, { userId, purpose: "complete_profile" }, now);
      return { ok: true as const, email: row.email, profileToken };
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return { ok: false, reason: "taken" };
    throw error;
  }
}

/**
 * The invited person is in their account at the inviting university, through the invitation's link
 * or another way (they registered with the same address, or reset the password of an unfinished
 * registration): that university's open invitation of the address no longer waits.
 */
export async function markInvitationsAccepted(tx: Pick<Db, "update">, userId: number, now: Date): Promise<void> {
  await tx
    .update(invitations)
    .set({ acceptedAt: now, userId })
    .where(
      and(
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        sql`(${invitations.universityId}, lower(${invitations.email})) = (select ${users.universityId}, lower(${users.email}) from ${users} where ${users.id} = ${userId})`,
      ),
    );
}
