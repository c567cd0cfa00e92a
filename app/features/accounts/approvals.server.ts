import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type University, studentProfiles, universities, users } from "~/db/schema";
import { careersContact } from "~/features/auth";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { formatUkDay } from "~/lib/dates";
import { emailDomainAllowed } from "~/lib/email-domains";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import { brandOf } from "./university.server";

/**
 * Accounts a university approves before they open (alumni, who may use any address, and staff asking
 * to be administrators): they register and confirm their address like anyone, then wait, logged in,
 * on /pre-auth-student. Approvers see them once the address is confirmed.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What the person asked to be, as the approver and the person see it. */
export function askedFor(account: {
  role: string;
  jobTitle: string | null;
  alumniGraduationYear: number | null;
  course: string | null;
}): string {
  if (account.role === "university_admin")
    return `An administrator account${account.jobTitle ? ` (${account.jobTitle})` : ""}`;
  if (account.alumniGraduationYear !== null)
    return `A graduate account: ${[account.course, `graduated in ${account.alumniGraduationYear}`].filter(Boolean).join(", ")}`;
  return "A student account";
}

/** The university's administrators who may approve: active, with a password. */
function approversOf(tx: Pick<Db, "select">, universityId: number) {
  return tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.universityId, universityId),
        eq(users.role, "university_admin"),
        eq(users.accessStatus, "active"),
        isNotNull(users.passwordHash),
      ),
    );
}

/** Emails the university's administrators that a confirmed account waits for them (the operator is told in the log when there is none). */
export async function tellApprovers(tx: Tx, outbox: Outbox, userId: number, origin: string): Promise<void> {
  const [account] = await tx
    .select({
      name: users.name,
      email: users.email,
      role: users.role,
      jobTitle: users.jobTitle,
      alumniGraduationYear: studentProfiles.alumniGraduationYear,
      course: studentProfiles.course,
      university: universities,
    })
    .from(users)
    .innerJoin(universities, eq(universities.id, users.universityId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!account) return;
  const approvers = await approversOf(tx, account.university.id);
  if (approvers.length === 0) {
    console.info(
      `${account.email} waits for approval at ${account.university.name}, which has no administrator yet: npm run admins -- approve ${account.email}`,
    );
    return;
  }
  const brand = brandOf(account.university);
  await outbox.queueMany(
    tx,
    approvers.map((approver) => ({
      kind: "approval-needed",
      to: approver.email,
      universityId: account.university.id,
      email: composeEmail(
        {
          subject: `${account.name} waits for your approval`,
          greeting: greetingFor(approver.name),
          paragraphs: [
            `${account.name} (${account.email}) asked for this on ${brand.name}'s careers platform: ${askedFor(account).toLowerCase()}.`,
            "Approve or refuse it on your dashboard.",
          ],
          action: { label: "Open the dashboard", url: `${origin}/university-dashboard` },
        },
        brand,
      ),
    })),
  );
}

export type AwaitingAccount = {
  id: number;
  name: string;
  email: string;
  askedFor: string;
  /** The address is on the university's own domains (worth knowing before approving staff). */
  universityAddress: boolean;
  confirmedAt: Date;
};

/** A university's confirmed accounts waiting for approval, oldest first. */
export async function accountsAwaitingApproval(db: Db, university: University): Promise<AwaitingAccount[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      jobTitle: users.jobTitle,
      confirmedAt: users.emailVerifiedAt,
      alumniGraduationYear: studentProfiles.alumniGraduationYear,
      course: studentProfiles.course,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(
      and(
        eq(users.universityId, university.id),
        eq(users.accessStatus, "awaiting_approval"),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .orderBy(asc(users.emailVerifiedAt), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    askedFor: askedFor(r),
    universityAddress: emailDomainAllowed(r.email, university.emailDomains),
    confirmedAt: r.confirmedAt!,
  }));
}

type Deps = { db: Db; outbox: Outbox; now: Date; origin: string };
export type AccountDecisionOutcome =
  | { ok: true; userId: number; name: string; expiresAt: Date | null }
  | { ok: false; status: 404 | 409; message: string };

/**
 * A decision on an account of the given university waiting for approval (any other answers 404, as
 * if it did not exist), recorded in the audit log with it. The approver is an admin, or the
 * operator's command (no account, "system"). The person is told by email either way; the caller
 * drops the account's cached sessions so the decision shows at once.
 */
export async function decideAccount(
  { db, outbox, now, origin }: Deps,
  approver: AuditActor,
  university: University,
  userId: number,
  decision: "approve" | "refuse",
): Promise<AccountDecisionOutcome> {
  const outcome = await db.transaction(async (tx): Promise<AccountDecisionOutcome> => {
    const [account] = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        status: users.accessStatus,
        confirmedAt: users.emailVerifiedAt,
        graduationYear: studentProfiles.alumniGraduationYear,
      })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(and(eq(users.id, userId), eq(users.universityId, university.id)))
      .for("update", { of: users });
    if (!account || !account.confirmedAt)
      return { ok: false, status: 404, message: "No account of your university waiting for approval has this number." };
    if (account.status !== "awaiting_approval") {
      return {
        ok: false,
        status: 409,
        message: `${account.name}'s account was already ${account.status === "active" ? "approved" : "refused"}.`,
      };
    }
    // A graduate's access lasts as long as the university's alumni rule says, from the approval.
    const expiresAt =
      decision === "approve" && account.graduationYear !== null ? alumniAccessEnd(university, now) : null;
    const accessStatus = decision === "approve" ? ("active" as const) : ("refused" as const);
    await tx
      .update(users)
      .set({
        accessStatus,
        accessDecidedBy: approver.id,
        accessDecidedAt: now,
        accessExpiresAt: expiresAt,
        updatedAt: now,
      })
      .where(eq(users.id, account.id));
    await recordAudit(tx, {
      actor: approver,
      action: decision === "approve" ? "account.approved" : "account.refused",
      universityId: university.id,
      target: { type: "user", id: account.id },
      before: { accessStatus: account.status },
      after: { accessStatus, accessExpiresAt: expiresAt?.toISOString() ?? null },
      at: now,
    });
    const brand = brandOf(university);
    const contact = careersContact(university);
    await outbox.queue(tx, {
      kind: decision === "approve" ? "account-approved" : "account-refused",
      to: account.email,
      universityId: university.id,
      email: composeEmail(
        decision === "approve"
          ? {
              subject: `Your ${brand.name} careers account is approved`,
              greeting: greetingFor(account.name),
              paragraphs: [
                `${brand.name} approved your account. Log in with the password you chose.`,
                ...(expiresAt ? [`As a graduate, your account is open until ${formatUkDay(expiresAt)}.`] : []),
              ],
              action: { label: "Log in", url: `${origin}/login` },
            }
          : {
              subject: `Your ${brand.name} careers account`,
              greeting: greetingFor(account.name),
              paragraphs: [
                `${brand.name} could not approve your account.`,
                contact.email || contact.url
                  ? `If you think this is a mistake, contact the careers service: ${[contact.email, contact.url].filter(Boolean).join(" or ")}.`
                  : "If you think this is a mistake, contact your university's careers service.",
              ],
            },
        brand,
      ),
    });
    return { ok: true, userId: account.id, name: account.name, expiresAt };
  });
  if (outcome.ok) outbox.flush();
  return outcome;
}

/** When a graduate approved `now` stops having access: the university's alumni months later, or never. */
export function alumniAccessEnd(university: Pick<University, "alumniAccessMonths">, now: Date): Date | null {
  if (university.alumniAccessMonths === null) return null;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + university.alumniAccessMonths);
  return end;
}

/**
 * The approval of a staff account by address, for a university's first administrator, whom no
 * administrator can approve: by the operator's command (`npm run admins -- approve EMAIL`, the
 * system) or by platform staff in the console, who name the university the account must be of.
 * Recorded in the audit log as the approver's (decideAccount).
 */
export async function approveAdminByEmail(
  deps: Deps,
  approver: AuditActor,
  email: string,
  { universityId }: { universityId?: number } = {},
): Promise<AccountDecisionOutcome> {
  const [account] = await deps.db
    .select({ id: users.id, role: users.role, confirmedAt: users.emailVerifiedAt, university: universities })
    .from(users)
    .innerJoin(universities, eq(universities.id, users.universityId))
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  if (
    !account ||
    account.role !== "university_admin" ||
    (universityId !== undefined && account.university.id !== universityId)
  )
    return { ok: false, status: 404, message: `No university staff account has the address ${email}.` };
  if (!account.confirmedAt)
    return {
      ok: false,
      status: 409,
      message: `${email} has not confirmed the address yet: the link of the confirmation email comes first.`,
    };
  return decideAccount(deps, approver, account.university, account.id, "approve");
}

/** Staff accounts waiting for approval at every university, for the operator. */
export function staffAwaitingApproval(db: Db) {
  return db
    .select({
      email: users.email,
      name: users.name,
      jobTitle: users.jobTitle,
      university: universities.name,
      confirmedAt: users.emailVerifiedAt,
    })
    .from(users)
    .innerJoin(universities, eq(universities.id, users.universityId))
    .where(and(eq(users.role, "university_admin"), eq(users.accessStatus, "awaiting_approval")))
    .orderBy(asc(users.createdAt));
}
