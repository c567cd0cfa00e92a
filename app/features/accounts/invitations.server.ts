import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type University, accountTokens, invitations, users } from "~/db/schema";
import { composeEmail } from "~/features/email/compose";
import type { Outbox, OutgoingEmail } from "~/features/email/outbox.server";
import { hashPassword } from "~/lib/password.server";
import { brandOf } from "./university.server";
import { TOKEN_LIFETIME_MS, checkToken, consumeToken, hashToken, issueToken } from "./tokens.server";

type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };

export function invitationPath(userId: number, token: string): string {
  return `/register-invite/${userId}?token=${token}`;
}

function invitationEmail(university: University, to: string, userId: number, token: string, origin: string): OutgoingEmail {
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

/**
 * Invites addresses to a university: each gets an account without a password, a 14-day one-time
 * link and an email, in one transaction. An address that already has an account, or a pending
 * invitation, is skipped and reported (Resend is for those).
 */
export async function inviteStudents({ db, outbox, now, origin }: Deps, adminId: number, university: University, emails: readonly string[]): Promise<InviteOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const lower = emails.map((e) => e.toLowerCase());
    const taken = new Set<string>();
    for (let i = 0; i < lower.length; i += 1_000) {
      const rows = await tx
        .select({ email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, lower.slice(i, i + 1_000)));
      for (const r of rows) taken.add(r.email);
    }
    const skipped = emails.filter((e) => taken.has(e.toLowerCase())).map((email) => ({ email, reason: "already has an account or an invitation" }));
    const fresh = emails.filter((e) => !taken.has(e.toLowerCase()));
    const messages: OutgoingEmail[] = [];
    for (let i = 0; i < fresh.length; i += 1_000) {
      const chunk = fresh.slice(i, i + 1_000);
      const created = await tx
        .insert(users)
        .values(chunk.map((email) => ({ email, name: "", role: "student" as const, universityId: university.id, passwordHash: null })))
        .returning({ id: users.id, email: users.email });
      await tx.insert(invitations).values(created.map((u) => ({ universityId: university.id, userId: u.id, email: u.email, invitedBy: adminId, lastSentAt: now })));
      const tokens = created.map((u) => ({ user: u, token: randomBytes(32).toString("base64url") }));
      await tx.insert(accountTokens).values(
        tokens.map(({ user, token }) => ({
          tokenHash: hashToken(token),
          purpose: "invitation" as const,
          userId: user.id,
          expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS.invitation),
        })),
      );
      messages.push(...tokens.map(({ user, token }) => invitationEmail(university, user.email, user.id, token, origin)));
    }
    await outbox.queueMany(tx, messages);
    return { invited: fresh.length, skipped };
  });
  outbox.flush();
  return outcome;
}

export type InvitationRow = { id: number; email: string; sentAt: Date; status: "pending" | "accepted" | "revoked" };

/** A university's newest invitations, for its dashboard. */
export async function recentInvitations(db: Db, universityId: number, limit = 100): Promise<InvitationRow[]> {
  const rows = await db.select().from(invitations).where(eq(invitations.universityId, universityId)).orderBy(desc(invitations.lastSentAt), desc(invitations.id)).limit(limit);
  return rows.map((r) => ({ id: r.id, email: r.email, sentAt: r.lastSentAt, status: r.revokedAt ? "revoked" : r.acceptedAt ? "accepted" : "pending" }));
}

type ChangeOutcome = { ok: true; email: string } | { ok: false; status: 404 | 409; message: string };

/** A pending invitation of this university, locked for the change; others answer as if missing. */
async function pendingInvitation(tx: Db, university: University, invitationId: number): Promise<ChangeOutcome & { userId?: number }> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.universityId, university.id)))
    .for("update");
  if (!row) return { ok: false, status: 404, message: "No invitation of your university has this number." };
  if (row.acceptedAt || row.revokedAt || row.userId === null) return { ok: false, status: 409, message: `The invitation of ${row.email} was already ${row.revokedAt ? "revoked" : "accepted"}.` };
  return { ok: true, email: row.email, userId: row.userId };
}

/** Sends a pending invitation again with a new link; the old link stops working. */
export async function resendInvitation({ db, outbox, now, origin }: Deps, university: University, invitationId: number): Promise<ChangeOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const found = await pendingInvitation(tx, university, invitationId);
    if (!found.ok) return found;
    const token = await issueToken(tx, { userId: found.userId!, purpose: "invitation" }, now);
    await tx.update(invitations).set({ lastSentAt: now }).where(eq(invitations.id, invitationId));
    await outbox.queue(tx, invitationEmail(university, found.email, found.userId!, token, origin));
    return { ok: true as const, email: found.email };
  });
  if (outcome.ok) outbox.flush();
  return outcome;
}

/** Withdraws a pending invitation: its account (never used) is removed, so the link leads nowhere. */
export async function revokeInvitation(db: Db, university: University, invitationId: number, now: Date): Promise<ChangeOutcome> {
  return db.transaction(async (tx) => {
    const found = await pendingInvitation(tx, university, invitationId);
    if (!found.ok) return found;
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, invitationId));
    await tx.delete(users).where(and(eq(users.id, found.userId!), isNull(users.passwordHash)));
    return { ok: true as const, email: found.email };
  });
}

/** Whether an invitation link works for the account its path names. */
export async function checkInvitation(db: Db, userId: number, token: string, now: Date) {
  const check = await checkToken(db, token, "invitation", now);
  if (check.ok && check.userId !== userId) return { ok: false as const, reason: "unknown" as const };
  if (!check.ok) return check;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { ok: true as const, email: user!.email };
}

/** Accepts an invitation: name and password set, address confirmed, link used; the profile step follows. */
export async function acceptInvitation(
  db: Db,
  userId: number,
  token: string,
  input: { name: string; password: string },
  now: Date,
): Promise<{ ok: true; email: string; profileToken: string } | { ok: false; reason: "unknown" | "used" | "expired" }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // A link whose token belongs to another invitation than the one its path names is refused, unused.
    const peek = await checkToken(tx, token, "invitation", now);
    if (peek.ok && peek.userId !== userId) return { ok: false as const, reason: "unknown" as const };
    const used = await consumeToken(tx, token, "invitation", now);
    if (!used.ok) return used;
    const [user] = await tx
      .update(users)
      .set({ name: input.name, passwordHash, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await markInvitationsAccepted(tx, userId, now);
    const profileToken = await issueToken(tx, { userId, purpose: "complete_profile" }, now);
    return { ok: true as const, email: user!.email, profileToken };
  });
}

/**
 * The invited person is in their account, through the invitation or another way (they registered
 * with the same address, or reset a password): their open invitation no longer waits.
 */
export async function markInvitationsAccepted(tx: Pick<Db, "update">, userId: number, now: Date): Promise<void> {
  await tx
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
}
