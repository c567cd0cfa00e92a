import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { employerOrganisations, sponsorNames, sponsorOrganisations, users } from "~/db/schema";
import type { SponsorLicence } from "~/db/schema/sponsors";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { automaticVerification, emailMatchesDomain, staffApprovalProblem } from "./verification";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const TARGET = "employer_organisation";

/** An organisation that chose its register entry (or said it holds none) and waits for a person: the moderation queue's. */
export const employerIsWaiting = and(
  isNull(employerOrganisations.verifiedAt),
  isNull(employerOrganisations.rejectedAt),
  or(isNotNull(employerOrganisations.registerOrgKey), eq(employerOrganisations.holdsNoLicence, true)),
);

/** The organisation of an employer account, with the person (the one who registered it: colleagues come later). */
export async function organisationOfEmployer(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({ organisation: employerOrganisations, email: users.email, name: users.name })
    .from(users)
    .innerJoin(employerOrganisations, eq(employerOrganisations.id, users.employerOrganisationId))
    .where(and(eq(users.id, userId), eq(users.role, "employer")));
  return row ?? null;
}

/** A live register entry by its address on the checker, or by its stable key, with its names' cores. */
export async function registerEntry(db: Db | Tx, by: { slug: string } | { orgKey: string }) {
  const [entry] = await db
    .select({
      id: sponsorOrganisations.id,
      orgKey: sponsorOrganisations.orgKey,
      slug: sponsorOrganisations.slug,
      name: sponsorOrganisations.name,
      town: sponsorOrganisations.town,
      licences: sponsorOrganisations.licences,
    })
    .from(sponsorOrganisations)
    .where("slug" in by ? eq(sponsorOrganisations.slug, by.slug) : eq(sponsorOrganisations.orgKey, by.orgKey));
  if (!entry) return null;
  const names = await db
    .select({ core: sponsorNames.core })
    .from(sponsorNames)
    .where(eq(sponsorNames.organisationId, entry.id));
  return { ...entry, cores: names.map((n) => n.core) };
}

/**
 * The employer's answer to the matching step: their register entry, or that they hold no licence
 * (`entry` null). An A-rated entry with the work email at the website's domain, a website that
 * carries the entry's name, verifies the organisation at once (audited as the employer's own doing); anything else waits for staff.
 * False when the organisation has answered already.
 */
export async function chooseRegisterEntry(
  db: Db,
  actor: AuditActor & { id: number },
  entry: { orgKey: string; licences: SponsorLicence[]; cores: string[] } | null,
  now: Date,
): Promise<{ verified: boolean } | null> {
  return db.transaction(async (tx) => {
    const mine = await organisationOfEmployer(tx, actor.id);
    if (!mine) return null;
    const { organisation, email } = mine;
    const [locked] = await tx
      .select({ id: employerOrganisations.id })
      .from(employerOrganisations)
      .where(
        and(
          eq(employerOrganisations.id, organisation.id),
          isNull(employerOrganisations.verifiedAt),
          isNull(employerOrganisations.rejectedAt),
          isNull(employerOrganisations.registerOrgKey),
          eq(employerOrganisations.holdsNoLicence, false),
        ),
      )
      .for("update");
    if (!locked) return null;
    const verification = automaticVerification(
      emailMatchesDomain(email, organisation.websiteDomain),
      entry,
      organisation.websiteDomain,
    );
    const choice = { registerOrgKey: entry?.orgKey ?? null, holdsNoLicence: entry === null };
    const verified = verification ? { verifiedAt: now, verification } : {};
    await tx
      .update(employerOrganisations)
      .set({ ...choice, ...verified })
      .where(eq(employerOrganisations.id, organisation.id));
    if (verification)
      await recordAudit(tx, {
        actor,
        action: "employer.verified",
        target: { type: TARGET, id: organisation.id },
        before: { verification: null },
        after: { ...choice, verification },
        at: now,
      });
    return { verified: verification !== null };
  });
}

/** A waiting organisation with its person, for the moderation queue's detail page and decisions. */
export async function pendingEmployer(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ organisation: employerOrganisations, email: users.email, name: users.name })
    .from(employerOrganisations)
    .innerJoin(users, eq(users.employerOrganisationId, employerOrganisations.id))
    .where(and(eq(employerOrganisations.id, id), employerIsWaiting))
    .orderBy(users.id)
    .limit(1);
  return row ?? null;
}

export type EmployerDecision = "approved" | "rejected";
type DecisionDeps = { db: Db; outbox: Outbox; now: Date; origin: string };

/**
 * A member of staff decides a waiting organisation: approving verifies it, but only when the work
 * email is at the website's domain (else refused with the reason, nothing changed); rejecting takes
 * it out of the queue and emails the reason. Audited in the same transaction.
 */
export async function decideEmployer(
  { db, outbox, now, origin }: DecisionDeps,
  actor: AuditActor,
  id: number,
  decision: EmployerDecision,
  reason: string | null,
): Promise<boolean | { refused: string }> {
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: employerOrganisations.id })
      .from(employerOrganisations)
      .where(and(eq(employerOrganisations.id, id), employerIsWaiting))
      .for("update");
    const pending = locked ? await pendingEmployer(tx, id) : null;
    if (!pending) return false;
    const { organisation, email, name } = pending;
    if (decision === "approved") {
      const problem = staffApprovalProblem(email, organisation.websiteDomain);
      if (problem) return { refused: problem };
    }
    const change =
      decision === "approved"
        ? { verifiedAt: now, verifiedBy: actor.id, verification: "staff" as const }
        : { rejectedAt: now };
    await tx.update(employerOrganisations).set(change).where(eq(employerOrganisations.id, id));
    await recordAudit(tx, {
      actor,
      action: decision === "approved" ? "employer.verified" : "employer.rejected",
      target: { type: TARGET, id },
      before: { verification: null },
      after: decision === "approved" ? { verification: "staff" } : { rejected: true, reason },
      at: now,
    });
    await outbox.queue(tx, {
      kind: `employer-${decision}`,
      to: email,
      universityId: null,
      email: decisionEmail(name, organisation.name, decision, reason, origin),
    });
    return true;
  });
  if (outcome === true) outbox.flush();
  return outcome;
}

function decisionEmail(
  name: string,
  organisation: string,
  decision: EmployerDecision,
  reason: string | null,
  origin: string,
) {
  return decision === "approved"
    ? composeEmail({
        subject: `${organisation} is verified`,
        greeting: greetingFor(name),
        paragraphs: [`We have verified ${organisation}'s employer account.`],
        action: { label: "Open your dashboard", url: `${origin}/employer-dashboard` },
      })
    : composeEmail({
        subject: `About ${organisation}'s employer account`,
        greeting: greetingFor(name),
        paragraphs: [
          `We could not verify ${organisation}'s employer account, so it cannot post jobs.`,
          `The reason: ${reason ?? "not given"}`,
        ],
        after: ["If something has changed, reply to this email or register again with your work address."],
      });
}

/** The waiting organisations in the moderation queue's columns. */
export const employersWaiting = (db: Db) =>
  db
    .select({
      kind: sql<string>`'employer'`.as("kind"),
      id: employerOrganisations.id,
      title: sql<string>`${employerOrganisations.name}`.as("title"),
      submitter: sql<string>`${users.name}`.as("submitter"),
      submitterEmail: sql<string | null>`${users.email}`.as("submitter_email"),
      submittedAt: sql<Date>`${employerOrganisations.createdAt}`
        .mapWith(employerOrganisations.createdAt)
        .as("submitted_at"),
    })
    .from(employerOrganisations)
    // One person per organisation until colleagues are invited; then the queue names the first.
    .innerJoin(
      users,
      sql`${users.id} = (select min(u.id) from users u where u.employer_organisation_id = ${employerOrganisations.id})`,
    )
    .where(employerIsWaiting);
