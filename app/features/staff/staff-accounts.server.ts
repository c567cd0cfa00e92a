import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { SYSTEM_ACTOR, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { sessions, staffAuthenticators, staffRecoveryCodes, users } from "~/db/schema";
import { TOKEN_LIFETIME_MS, issueToken } from "~/db/tokens.server";
import { EmailField } from "~/lib/email-field";

const NewStaffSchema = z.object({
  email: EmailField,
  name: z.string().trim().min(1, "Give the person's name").max(200, "Names are at most 200 characters"),
});

export type AddStaffOutcome =
  | { ok: true; created: boolean; name: string; link: string; hours: number }
  | { ok: false; message: string };

/**
 * `npm run staff -- add EMAIL`: a platform staff account, and a one-time link to choose its password
 * (the password reset link, so choosing it confirms the address). The role is granted here and
 * nowhere on the web. An existing staff member gets a new link; anyone else's address is refused.
 */
export async function addStaff(
  db: Db,
  input: { email: string; name?: string },
  origin: string,
  now: Date,
): Promise<AddStaffOutcome> {
  const email = input.email.trim();
  const parsed = NewStaffSchema.safeParse({ email, name: input.name ?? email.split("@")[0] });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return db.transaction(async (tx): Promise<AddStaffOutcome> => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role, name: users.name })
      .from(users)
      .where(sql`lower(${users.email}) = ${parsed.data.email.toLowerCase()}`);
    if (existing && existing.role !== "platform_staff") {
      return {
        ok: false,
        message: `${parsed.data.email} belongs to an account that is not staff: a staff account needs an address of its own.`,
      };
    }
    let account = existing;
    if (!account) {
      [account] = await tx
        .insert(users)
        .values({ email: parsed.data.email, name: parsed.data.name, role: "platform_staff" })
        .returning({ id: users.id, role: users.role, name: users.name });
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: "staff.added",
        target: { type: "user", id: account!.id },
        after: { email: parsed.data.email, name: parsed.data.name, role: "platform_staff" },
        at: now,
      });
    }
    const token = await issueToken(tx, { userId: account!.id, purpose: "reset_password" }, now);
    return {
      ok: true,
      created: !existing,
      name: account!.name,
      link: `${origin}/reset-password/${token}`,
      hours: TOKEN_LIFETIME_MS.reset_password / 3_600_000,
    };
  });
}

/** `npm run staff -- list`: every staff account, and whether it has chosen a password and enrolled an authenticator. */
export async function staffMembers(db: Db) {
  return db
    .select({
      email: users.email,
      name: users.name,
      accessStatus: users.accessStatus,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      enrolled: sql<boolean>`${staffAuthenticators.enrolledAt} is not null`,
    })
    .from(users)
    .leftJoin(staffAuthenticators, eq(staffAuthenticators.userId, users.id))
    .where(eq(users.role, "platform_staff"))
    .orderBy(asc(users.email));
}

/**
 * `npm run staff -- reset-authenticator EMAIL`: a staff member who lost their authenticator and their
 * recovery codes enrols a new one at their next login. Their authenticator and codes are removed and
 * their sessions end, in one transaction, audited as the operator's.
 */
export async function resetAuthenticator(
  db: Db,
  email: string,
  now: Date,
): Promise<{ ok: true; name: string } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const [staff] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.role, "platform_staff")));
    if (!staff) return { ok: false as const, message: `No platform staff account has the address ${email}.` };
    const removed = await tx
      .delete(staffAuthenticators)
      .where(eq(staffAuthenticators.userId, staff.id))
      .returning({ enrolledAt: staffAuthenticators.enrolledAt });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staff.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, staff.id), isNull(sessions.revokedAt)));
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: "staff.authenticator_reset",
      target: { type: "user", id: staff.id },
      before: { authenticatorEnrolled: removed[0]?.enrolledAt != null },
      after: { authenticatorEnrolled: false },
      at: now,
    });
    return { ok: true as const, name: staff.name };
  });
}
