import { and, count, eq, isNotNull } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { EMPLOYER_POSTING_SOURCE, employerOrganisations, jobPostings, users } from "~/db/schema";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";

/**
 * Staff take back an organisation's verification (decision 0010 left it for later): an automatic
 * verification that should not have happened, or an organisation found out after a person approved
 * it. The organisation is then exactly as one that waits for a person: it holds no employer powers,
 * it is back in the console's moderation queue (its register answer stands), its badge is gone, and
 * its open jobs wait for review again, off the site, like an unverified organisation's.
 */

const OPEN_EMPLOYER_JOBS = (organisationId: number) =>
  and(
    eq(jobPostings.employerOrganisationId, organisationId),
    eq(jobPostings.source, EMPLOYER_POSTING_SOURCE),
    eq(jobPostings.status, "open"),
  );

/** The organisation of an employer account as the console shows it, with its open jobs; null for anyone else. */
export async function employerOrganisationOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: employerOrganisations.id,
      name: employerOrganisations.name,
      website: employerOrganisations.website,
      verification: employerOrganisations.verification,
      verifiedAt: employerOrganisations.verifiedAt,
      rejectedAt: employerOrganisations.rejectedAt,
    })
    .from(users)
    .innerJoin(employerOrganisations, eq(employerOrganisations.id, users.employerOrganisationId))
    .where(and(eq(users.id, userId), eq(users.role, "employer")));
  if (!row) return null;
  const [jobs] = await db.select({ n: count() }).from(jobPostings).where(OPEN_EMPLOYER_JOBS(row.id));
  return {
    ...row,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    rejectedAt: row.rejectedAt?.toISOString() ?? null,
    openJobs: jobs?.n ?? 0,
  };
}

export type WithdrawalOutcome =
  | { ok: true; organisation: string; jobs: number; told: number }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Withdraws the verification of the organisation of employer account `userId`, with the reason
 * staff give, in one transaction: the organisation unverified, its open jobs waiting for review,
 * audited `employer.verification_withdrawn`, and each of its people who joined told by email.
 */
export async function withdrawVerification(
  { db, outbox, now, origin }: { db: Db; outbox: Outbox; now: Date; origin: string },
  actor: AuditActor,
  userId: number,
  reason: string,
): Promise<WithdrawalOutcome> {
  const outcome = await db.transaction(async (tx): Promise<WithdrawalOutcome> => {
    const [person] = await tx
      .select({ organisationId: users.employerOrganisationId })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, "employer")));
    if (!person?.organisationId) return { ok: false, status: 404, message: "This account has no organisation." };
    const [organisation] = await tx
      .select()
      .from(employerOrganisations)
      .where(eq(employerOrganisations.id, person.organisationId))
      .for("update");
    if (!organisation?.verifiedAt)
      return { ok: false, status: 409, message: `${organisation?.name ?? "The organisation"} is not verified.` };
    await tx
      .update(employerOrganisations)
      .set({ verifiedAt: null, verifiedBy: null, verification: null })
      .where(eq(employerOrganisations.id, organisation.id));
    const held = await tx
      .update(jobPostings)
      .set({ status: "pending", updatedAt: now })
      .where(OPEN_EMPLOYER_JOBS(organisation.id))
      .returning({ id: jobPostings.id });
    await recordAudit(tx, {
      actor,
      action: "employer.verification_withdrawn",
      target: { type: "employer_organisation", id: organisation.id },
      before: { verification: organisation.verification, verifiedAt: organisation.verifiedAt.toISOString() },
      after: { verification: null, reason, jobsWaitingForReview: held.length },
      at: now,
    });
    const people = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.employerOrganisationId, organisation.id),
          eq(users.accessStatus, "active"),
          isNotNull(users.passwordHash),
        ),
      );
    for (const p of people)
      await outbox.queue(tx, {
        kind: "employer-verification-withdrawn",
        to: p.email,
        universityId: null,
        email: composeEmail({
          subject: `About ${organisation.name}'s employer account`,
          greeting: greetingFor(p.name),
          paragraphs: [
            `We have withdrawn the verification of ${organisation.name}'s employer account. Until we have checked it again, it cannot post jobs or invite colleagues, and its open jobs are off the site, waiting for our review.`,
            `The reason: ${reason}`,
          ],
          action: { label: "Open your dashboard", url: `${origin}/employer-dashboard` },
          after: ["If you think this is a mistake, reply to this email."],
        }),
      });
    return { ok: true, organisation: organisation.name, jobs: held.length, told: people.length };
  });
  if (outcome.ok) outbox.flush();
  return outcome;
}
