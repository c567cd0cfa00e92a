import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { EMPLOYER_POSTING_SOURCE, type EmployerOrganisation, type JobPosting, jobPostings, users } from "~/db/schema";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { type JobTerms, jobVerdict } from "~/features/jobs";
import { jobSlug, salaryOf } from "~/features/jobs/index.server";
import type { EmployerStanding, RuleSet } from "~/features/sponsorship";
import { renderMarkdown } from "~/lib/markdown.server";
import type { JobForm } from "./job-form";
import { registerEntry } from "./verification.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export const EMPLOYER_SOURCE = EMPLOYER_POSTING_SOURCE;
const TARGET = "job_posting";

/** A job the organisation posted here: a source's job that belongs to it is managed by its source. */
const ownPosting = (organisationId: number) =>
  and(eq(jobPostings.employerOrganisationId, organisationId), eq(jobPostings.source, EMPLOYER_SOURCE));

/** The organisation's standing on the sponsor register, from the entry it chose (not from a match on its name). */
export async function organisationStanding(
  db: Db | Tx,
  organisation: EmployerOrganisation,
): Promise<{ standing: NonNullable<EmployerStanding>; slug: string | null }> {
  const entry = organisation.registerOrgKey ? await registerEntry(db, { orgKey: organisation.registerOrgKey }) : null;
  if (!entry)
    return { standing: { name: organisation.name, licensed: false, skilledWorker: false, rating: null }, slug: null };
  const skilled = entry.licences.find((l) => l.route === "Skilled Worker");
  return {
    standing: {
      name: organisation.name,
      licensed: entry.licences.length > 0,
      skilledWorker: !!skilled,
      rating: skilled?.rating ?? null,
    },
    slug: entry.slug,
  };
}

/** A form's salary and terms as the verdict reads them (a month's, week's or day's pay as a year's, like the feeds'). */
export function termsOf(
  form: Pick<JobForm, "salary_min" | "salary_max" | "salary_period" | "salary" | "hours_per_week" | "soc" | "country">,
) {
  const salary = salaryOf({
    salary: form.salary ?? undefined,
    salary_min: form.salary_min ?? undefined,
    salary_max: form.salary_max ?? undefined,
    salary_period: form.salary_period ?? undefined,
  });
  const terms: JobTerms = {
    socCode: form.soc,
    salaryMin: salary.min ?? salary.max,
    salaryPeriod: salary.period,
    salaryCurrency: salary.currency,
    hoursPerWeek: form.hours_per_week,
    country: form.country,
  };
  return { salary, terms };
}

type Judged = {
  form: JobForm;
  /** The occupation chosen, or the classifier's (occupationOf); null when neither. */
  occupation: { code: string; confidence: number; source: "source" | "classified" } | null;
  rules: RuleSet;
  today: string;
  standing: EmployerStanding;
  sponsorSlug: string | null;
};

/** The job's columns from the form, judged under today's rules with the organisation's standing. */
function columnsOf(
  { form, occupation, rules, today, standing, sponsorSlug }: Judged,
  organisation: EmployerOrganisation,
  now: Date,
) {
  const { salary, terms } = termsOf({ ...form, soc: occupation?.code ?? null });
  const verdict = jobVerdict(terms, rules, standing, today);
  return {
    title: form.title,
    employerName: organisation.name,
    sponsorSlug,
    town: form.town,
    region: form.region,
    country: form.country,
    workArrangement: form.remote,
    salaryMin: salary.min,
    salaryMax: salary.max,
    salaryCurrency: salary.currency,
    salaryPeriod: salary.period,
    salaryCompetitive: salary.competitive,
    salaryText: form.salary,
    hoursPerWeek: form.hours_per_week,
    type: form.type,
    socCode: occupation?.code ?? null,
    socConfidence: occupation?.confidence ?? null,
    socSource: occupation?.source ?? null,
    descriptionMarkdown: form.description,
    descriptionHtml: renderMarkdown(form.description),
    applyUrl: form.apply_url,
    closingDate: form.closing_date,
    sponsorshipStatus: verdict.status,
    salaryBand: verdict.salaryBand,
    sponsorshipReasons: verdict.reasons,
    sponsorshipRules: verdict.rules,
    updatedAt: now,
  };
}

/** A new draft of the organisation's, by the employer who wrote it. */
export async function createDraft(
  db: Db,
  organisation: EmployerOrganisation,
  userId: number,
  judged: Judged,
  now: Date,
): Promise<JobPosting> {
  const externalId = randomUUID();
  const [job] = await db
    .insert(jobPostings)
    .values({
      ...columnsOf(judged, organisation, now),
      slug: jobSlug(EMPLOYER_SOURCE, { id: externalId, title: judged.form.title, employer: organisation.name }),
      source: EMPLOYER_SOURCE,
      externalId,
      employerOrganisationId: organisation.id,
      postedBy: userId,
      postedAt: now,
      status: "draft",
      createdAt: now,
    })
    .returning();
  return job!;
}

/** One of the organisation's jobs, or null: another organisation's job is as if it did not exist. */
export async function jobOfOrganisation(db: Db | Tx, organisationId: number, id: number): Promise<JobPosting | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [job] = await db
    .select()
    .from(jobPostings)
    .where(and(eq(jobPostings.id, id), ownPosting(organisationId)));
  return job ?? null;
}

/** The organisation's jobs, newest first. */
export function jobsOfOrganisation(db: Db, organisationId: number) {
  return db
    .select()
    .from(jobPostings)
    .where(ownPosting(organisationId))
    .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id));
}

/**
 * An edit, judged again; the job keeps its address and, for a verified organisation, its status (an
 * open job stays open). An unverified organisation's open job goes back to the moderation queue: what
 * staff approved is not changed unseen. The job's status after the edit, or null when it is not the
 * organisation's.
 */
export async function updateJob(
  db: Db,
  organisation: EmployerOrganisation,
  id: number,
  judged: Judged,
  now: Date,
): Promise<JobPosting["status"] | null> {
  const status = organisation.verifiedAt
    ? jobPostings.status
    : sql`(case when ${jobPostings.status} = 'open' then 'pending' else ${jobPostings.status} end)::job_posting_status`;
  const [updated] = await db
    .update(jobPostings)
    .set({ ...columnsOf(judged, organisation, now), status })
    .where(and(eq(jobPostings.id, id), ownPosting(organisation.id)))
    .returning({ status: jobPostings.status });
  return updated?.status ?? null;
}

/**
 * Publishing a draft: a verified organisation's job opens at once (posted now); an unverified one's
 * waits in the moderation queue (pending). Null when the job is not a draft of the organisation's.
 */
export async function publishJob(
  db: Db,
  actor: AuditActor,
  organisation: EmployerOrganisation,
  id: number,
  now: Date,
): Promise<"open" | "pending" | null> {
  const status = organisation.verifiedAt ? ("open" as const) : ("pending" as const);
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobPostings)
      .set({ status, postedAt: now, updatedAt: now, closedAt: null })
      .where(and(eq(jobPostings.id, id), ownPosting(organisation.id), eq(jobPostings.status, "draft")))
      .returning({ id: jobPostings.id });
    if (!job) return null;
    await recordAudit(tx, {
      actor,
      action: status === "open" ? "employer_job.published" : "employer_job.submitted",
      target: { type: TARGET, id },
      before: { status: "draft" },
      after: { status },
      at: now,
    });
    return status;
  });
}

/** Closing an open or waiting job of the organisation's; false when there is none to close. */
export async function closeJob(db: Db, organisationId: number, id: number, now: Date): Promise<boolean> {
  const closed = await db
    .update(jobPostings)
    .set({ status: "closed", closedAt: now, updatedAt: now })
    .where(and(eq(jobPostings.id, id), ownPosting(organisationId), inArray(jobPostings.status, ["open", "pending"])))
    .returning({ id: jobPostings.id });
  return closed.length > 0;
}

/** A new draft copying one of the organisation's jobs (its own address; the closing date left to set again). */
export async function duplicateJob(
  db: Db,
  organisationId: number,
  userId: number,
  id: number,
  now: Date,
): Promise<JobPosting | null> {
  const job = await jobOfOrganisation(db, organisationId, id);
  if (!job) return null;
  const externalId = randomUUID();
  const { id: _id, search: _search, slug: _slug, ...copy } = job;
  const [made] = await db
    .insert(jobPostings)
    .values({
      ...copy,
      slug: jobSlug(EMPLOYER_SOURCE, { id: externalId, title: job.title, employer: job.employerName }),
      externalId,
      postedBy: userId,
      status: "draft",
      closedAt: null,
      hiddenAt: null,
      closingDate: null,
      postedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return made ?? null;
}

/** A job waiting for moderation, with the organisation's name and the person who posted it. */
export async function pendingEmployerJob(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ job: jobPostings, posterName: users.name, posterEmail: users.email })
    .from(jobPostings)
    .leftJoin(users, eq(users.id, jobPostings.postedBy))
    .where(and(eq(jobPostings.id, id), eq(jobPostings.status, "pending"), eq(jobPostings.source, EMPLOYER_SOURCE)));
  return row ?? null;
}

/** The jobs waiting for moderation, in the queue's columns. */
export const employerJobsWaiting = (db: Db) =>
  db
    .select({
      kind: sql<string>`'employer-job'`.as("kind"),
      id: jobPostings.id,
      title: sql<string>`${jobPostings.title} || ' at ' || ${jobPostings.employerName}`.as("title"),
      submitter: sql<string>`coalesce(${users.name}, ${jobPostings.employerName})`.as("submitter"),
      submitterEmail: sql<string | null>`${users.email}`.as("submitter_email"),
      submittedAt: sql<Date>`${jobPostings.updatedAt}`.mapWith(jobPostings.updatedAt).as("submitted_at"),
    })
    .from(jobPostings)
    .leftJoin(users, eq(users.id, jobPostings.postedBy))
    .where(and(eq(jobPostings.status, "pending"), eq(jobPostings.source, EMPLOYER_SOURCE)));

/**
 * A member of staff decides a waiting job: approving opens it (posted now); rejecting sends it back
 * to its employer as a draft, with the reason emailed to the person who posted it. Audited in the
 * decision's transaction. False when no such job waits.
 */
export async function decideEmployerJob(
  { db, outbox, now, origin }: { db: Db; outbox: Outbox; now: Date; origin: string },
  actor: AuditActor,
  id: number,
  decision: "approved" | "rejected",
  reason: string | null,
): Promise<boolean> {
  const decided = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: jobPostings.id })
      .from(jobPostings)
      .where(and(eq(jobPostings.id, id), eq(jobPostings.status, "pending"), eq(jobPostings.source, EMPLOYER_SOURCE)))
      .for("update");
    const pending = locked ? await pendingEmployerJob(tx, id) : null;
    if (!pending) return false;
    const status = decision === "approved" ? ("open" as const) : ("draft" as const);
    await tx
      .update(jobPostings)
      .set(decision === "approved" ? { status, postedAt: now, updatedAt: now } : { status, updatedAt: now })
      .where(eq(jobPostings.id, id));
    await recordAudit(tx, {
      actor,
      action: `employer_job.${decision}`,
      target: { type: TARGET, id },
      before: { status: "pending" },
      after: decision === "approved" ? { status } : { status, reason },
      at: now,
    });
    if (pending.posterEmail)
      await outbox.queue(tx, {
        kind: `employer-job-${decision}`,
        to: pending.posterEmail,
        universityId: null,
        email: decisionEmail(pending.posterName ?? "", pending.job, decision, reason, origin),
      });
    return true;
  });
  if (decided) outbox.flush();
  return decided;
}

function decisionEmail(
  name: string,
  job: JobPosting,
  decision: "approved" | "rejected",
  reason: string | null,
  origin: string,
) {
  return decision === "approved"
    ? composeEmail({
        subject: `Your job "${job.title}" is published`,
        greeting: greetingFor(name),
        paragraphs: [`We have checked "${job.title}", and students can now find it.`],
        action: { label: "See the job", url: `${origin}/jobs/${job.slug}` },
      })
    : composeEmail({
        subject: `Your job "${job.title}" was not published`,
        greeting: greetingFor(name),
        paragraphs: [
          `We could not publish "${job.title}". It is back among your drafts, to change and publish again.`,
          `The reason: ${reason ?? "not given"}`,
        ],
        action: { label: "Open your jobs", url: `${origin}/employer/jobs` },
      });
}
