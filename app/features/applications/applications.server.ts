import { and, desc, eq, gte, isNotNull, isNull, ne, or } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import {
  EMPLOYER_POSTING_SOURCE,
  type ApplicationStatus,
  jobApplications,
  jobPostings,
  universities,
  users,
} from "~/db/schema";
import { brandOf } from "~/features/accounts/index.server";
import { type CvOwner, cvPdf, getCv, listCvs } from "~/features/cv/index.server";
import { composeEmail, greetingFor } from "~/features/email";
import type { Outbox } from "~/features/email/index.server";
import { MY_APPLICATIONS_PATH, type StatusChoice } from "./values";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A job a student may apply to here: an employer's own (a feed's job keeps its external apply link),
 * listed (open, not hidden) and not past its closing date.
 */
const takesApplications = (today: string) =>
  and(
    // Posted here by an employer: a job source's job keeps its own apply link, even when it belongs to one.
    eq(jobPostings.source, EMPLOYER_POSTING_SOURCE),
    isNotNull(jobPostings.employerOrganisationId),
    eq(jobPostings.status, "open"),
    isNull(jobPostings.hiddenAt),
    or(isNull(jobPostings.closingDate), gte(jobPostings.closingDate, today)),
  );

/** The job at `slug` when it takes applications on the platform, else null. */
export async function applicableJob(db: Db, slug: string, today: string) {
  const [job] = await db
    .select({
      id: jobPostings.id,
      slug: jobPostings.slug,
      title: jobPostings.title,
      employer: jobPostings.employerName,
    })
    .from(jobPostings)
    .where(and(eq(jobPostings.slug, slug), takesApplications(today)));
  return job ?? null;
}

/** A student's application to a job, if they made one. */
export async function applicationTo(db: Db, userId: number, jobPostingId: number) {
  const [row] = await db
    .select({ id: jobApplications.id, status: jobApplications.status, createdAt: jobApplications.createdAt })
    .from(jobApplications)
    .where(and(eq(jobApplications.userId, userId), eq(jobApplications.jobPostingId, jobPostingId)));
  return row ?? null;
}

/** The student's CVs to choose from (name and id only). */
export const cvChoices = async (db: Db, owner: CvOwner) =>
  (await listCvs(db, owner)).map((cv) => ({ id: cv.id, name: cv.name }));

export type ApplyOutcome =
  | { ok: true; applicationId: number }
  | { ok: false; reason: "no-job" | "duplicate" | "no-cv" };

/**
 * A student applies to an employer's job with one of their CVs and a note. The CV is rendered to PDF
 * now and kept with the application, so later edits never change what the employer received. The
 * application and its `job.applied` event (the university analytics' "applied") are one transaction;
 * the unique index allows one application per student and job, however many arrive at once.
 */
export async function applyWithCv(
  db: Db,
  student: CvOwner,
  input: { slug: string; cvId: number; note: string },
  now: Date,
  today: string,
): Promise<ApplyOutcome> {
  const job = await applicableJob(db, input.slug, today);
  if (!job) return { ok: false, reason: "no-job" };
  if (await applicationTo(db, student.id, job.id)) return { ok: false, reason: "duplicate" };
  const cv = await getCv(db, student, input.cvId);
  if (!cv) return { ok: false, reason: "no-cv" };
  // Rendered before the transaction: a render takes a few tenths of a second, and holds no row.
  const pdf = await cvPdf(db, cv);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(jobApplications)
      .values({
        jobPostingId: job.id,
        userId: student.id,
        cvId: cv.id,
        cvName: cv.name,
        cvVersion: cv.version,
        cvPdf: pdf,
        note: input.note,
        createdAt: now,
        statusChangedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: jobApplications.id });
    if (!made) return { ok: false as const, reason: "duplicate" as const };
    await recordEvent(tx, {
      kind: "job.applied",
      at: now,
      userId: student.id,
      universityId: student.universityId,
      jobPostingId: job.id,
      data: { application: made.id },
    });
    return { ok: true as const, applicationId: made.id };
  });
}

/** A student's applications, newest first, with their job. */
export function applicationsOf(db: Db, userId: number) {
  return db
    .select({
      id: jobApplications.id,
      status: jobApplications.status,
      createdAt: jobApplications.createdAt,
      statusChangedAt: jobApplications.statusChangedAt,
      cvName: jobApplications.cvName,
      jobTitle: jobPostings.title,
      employer: jobPostings.employerName,
      slug: jobPostings.slug,
    })
    .from(jobApplications)
    .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.jobPostingId))
    .where(eq(jobApplications.userId, userId))
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id));
}

/** The student withdraws their application: its PDF is emptied, so the employer can no longer open it. False if not theirs or already withdrawn. */
export async function withdrawApplication(db: Db, userId: number, applicationId: number, now: Date): Promise<boolean> {
  const done = await db
    .update(jobApplications)
    .set({ status: "withdrawn", cvPdf: null, statusChangedAt: now })
    .where(
      and(
        eq(jobApplications.id, applicationId),
        eq(jobApplications.userId, userId),
        ne(jobApplications.status, "withdrawn"),
      ),
    )
    .returning({ id: jobApplications.id });
  return done.length > 0;
}

// ---------------------------------------------------------------- the employer's side

/** The applicants to a job: only what they sent (name, email, note, CV) and where they stand, never more of them. */
export function applicantsOf(db: Db, jobId: number) {
  return db
    .select({
      id: jobApplications.id,
      name: users.name,
      email: users.email,
      note: jobApplications.note,
      status: jobApplications.status,
      createdAt: jobApplications.createdAt,
      cvName: jobApplications.cvName,
    })
    .from(jobApplications)
    .innerJoin(users, eq(users.id, jobApplications.userId))
    .where(eq(jobApplications.jobPostingId, jobId))
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id));
}

/** An application's PDF for the organisation whose job it is, while it is not withdrawn; else null. */
export async function applicantCv(db: Db, organisationId: number, jobId: number, applicationId: number) {
  const [row] = await db
    .select({ pdf: jobApplications.cvPdf, name: users.name })
    .from(jobApplications)
    .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.jobPostingId))
    .innerJoin(users, eq(users.id, jobApplications.userId))
    .where(
      and(
        eq(jobApplications.id, applicationId),
        eq(jobApplications.jobPostingId, jobId),
        eq(jobPostings.employerOrganisationId, organisationId),
        ne(jobApplications.status, "withdrawn"),
        isNotNull(jobApplications.cvPdf),
      ),
    );
  return row?.pdf ? { pdf: row.pdf, name: row.name } : null;
}

export type StatusChange = "changed" | "unchanged" | "withdrawn" | "not-found";

/**
 * The employer moves an application to another status (never to or from withdrawn: that is the
 * student's). The change, its audit entry and the email to that student alone are one transaction.
 */
export async function changeApplicationStatus(
  { db, outbox, now, origin }: { db: Db; outbox: Outbox; now: Date; origin: string },
  actor: AuditActor,
  organisationId: number,
  jobId: number,
  applicationId: number,
  status: StatusChoice,
): Promise<StatusChange> {
  const outcome = await db.transaction(async (tx): Promise<StatusChange> => {
    const [row] = await tx
      .select({
        status: jobApplications.status,
        studentId: users.id,
        name: users.name,
        email: users.email,
        universityId: users.universityId,
        jobTitle: jobPostings.title,
        employer: jobPostings.employerName,
      })
      .from(jobApplications)
      .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.jobPostingId))
      .innerJoin(users, eq(users.id, jobApplications.userId))
      .where(
        and(
          eq(jobApplications.id, applicationId),
          eq(jobApplications.jobPostingId, jobId),
          eq(jobPostings.employerOrganisationId, organisationId),
        ),
      )
      .for("update", { of: jobApplications });
    if (!row) return "not-found";
    if (row.status === "withdrawn") return "withdrawn";
    if (row.status === status) return "unchanged";
    await tx.update(jobApplications).set({ status, statusChangedAt: now }).where(eq(jobApplications.id, applicationId));
    await recordAudit(tx, {
      actor,
      action: "application.status_changed",
      universityId: row.universityId,
      target: { type: "job_application", id: applicationId },
      before: { status: row.status },
      after: { status },
      at: now,
    });
    await outbox.queue(tx, {
      kind: "application-status",
      to: row.email,
      universityId: row.universityId,
      email: composeEmail(
        {
          subject: `Your application for ${row.jobTitle}: ${STATUS_WORDS[status]}`,
          greeting: greetingFor(row.name),
          paragraphs: [
            `${row.employer} has updated your application for ${row.jobTitle}.`,
            `Its status is now: ${STATUS_WORDS[status]}.`,
          ],
          action: { label: "See your applications", url: `${origin}${MY_APPLICATIONS_PATH}` },
        },
        brandOf(await universityOf(tx, row.universityId)),
      ),
    });
    return "changed";
  });
  if (outcome === "changed") outbox.flush();
  return outcome;
}

const STATUS_WORDS: Record<ApplicationStatus, string> = {
  received: "received",
  shortlisted: "shortlisted",
  interview: "invited to interview",
  offer: "offer",
  unsuccessful: "unsuccessful",
  withdrawn: "withdrawn",
};

async function universityOf(tx: Tx, id: number | null) {
  if (id === null) return null;
  const [row] = await tx
    .select({ name: universities.name, brandColour: universities.brandColour })
    .from(universities)
    .where(eq(universities.id, id));
  return row ?? null;
}
