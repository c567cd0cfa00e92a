import { createHash } from "node:crypto";
import { and, asc, count, eq, isNull, min, sql } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { JOB_REPORT_REASONS, REPORTS_TO_HIDE, jobPostings, jobReports } from "~/db/schema";
import type { Limit } from "~/lib/rate-limit";

/** Reports a visitor's address may send an hour, of any job. */
export const JOB_REPORT_LIMIT: Limit = { max: 10, windowSeconds: 60 * 60 };
export const jobReportRateKey = (ip: string) => `job-report:ip:${ip}`;

export const DETAILS_MAX = 1_000;
export const JobReportSchema = z.object({
  reason: z.enum(JOB_REPORT_REASONS, { error: "Choose why you are reporting this job" }),
  details: z
    .string()
    .trim()
    .max(DETAILS_MAX, `The details are at most ${DETAILS_MAX.toLocaleString("en-GB")} characters`)
    .default("")
    .transform((v) => v || null),
});

/** A visitor's address as it is kept: hashed, enough to tell the same address again. */
export const reporterAddressHash = (ip: string) => createHash("sha256").update(`job-report:${ip}`).digest("base64url");

export type JobReportInput = z.output<typeof JobReportSchema> & {
  jobPostingId: number;
  /** The reporter when logged in (counted by account), else null (counted by address). */
  userId: number | null;
  ip: string;
  now: Date;
};

/**
 * Takes a report of a job. A second report of the same job by the same person (or, for visitors, the
 * same address) is refused by the table's unique indexes and changes nothing. The job's row is
 * locked first, so that reports arriving together are counted one after the other: the report that
 * makes three undecided ones hides the job in its own transaction.
 */
export async function reportJob(db: Db, input: JobReportInput): Promise<"reported" | "duplicate"> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: jobPostings.id })
      .from(jobPostings)
      .where(eq(jobPostings.id, input.jobPostingId))
      .for("update");
    const inserted = await tx
      .insert(jobReports)
      .values({
        jobPostingId: input.jobPostingId,
        reason: input.reason,
        details: input.details,
        reporterUserId: input.userId,
        reporterAddressHash: input.userId === null ? reporterAddressHash(input.ip) : null,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: jobReports.id });
    if (!inserted.length) return "duplicate";
    const [undecided] = await tx
      .select({ n: count() })
      .from(jobReports)
      .where(and(eq(jobReports.jobPostingId, input.jobPostingId), isNull(jobReports.decidedAt)));
    if ((undecided?.n ?? 0) >= REPORTS_TO_HIDE)
      await tx
        .update(jobPostings)
        .set({ hiddenAt: input.now, updatedAt: input.now })
        .where(and(eq(jobPostings.id, input.jobPostingId), isNull(jobPostings.hiddenAt)));
    return "reported";
  });
}

const undecided = isNull(jobReports.decidedAt);

/** The operations console's queue: one item per job with undecided reports, in the queue's columns. */
export const jobReportsWaiting = (db: Db) =>
  db
    .select({
      kind: sql<string>`'job-report'`.as("kind"),
      id: sql<number>`${jobPostings.id}`.mapWith(Number).as("id"),
      title: sql<string>`${jobPostings.title} || ' at ' || ${jobPostings.employerName}`.as("title"),
      submitter: sql<string>`count(*) || case when count(*) = 1 then ' report' else ' reports' end`.as("submitter"),
      submitterEmail: sql<string | null>`null::text`.as("submitter_email"),
      submittedAt: sql<Date>`min(${jobReports.createdAt})`.mapWith(jobReports.createdAt).as("submitted_at"),
    })
    .from(jobReports)
    .innerJoin(jobPostings, eq(jobPostings.id, jobReports.jobPostingId))
    .where(undecided)
    .groupBy(jobPostings.id);

/** A job with undecided reports, and the reports (oldest first), or null when none waits. */
export async function reportedJob(db: Db, jobPostingId: number) {
  const [job] = await db
    .select({
      title: jobPostings.title,
      employerName: jobPostings.employerName,
      slug: jobPostings.slug,
      hiddenAt: jobPostings.hiddenAt,
      firstReport: min(jobReports.createdAt),
    })
    .from(jobPostings)
    .innerJoin(jobReports, and(eq(jobReports.jobPostingId, jobPostings.id), undecided))
    .where(eq(jobPostings.id, jobPostingId))
    .groupBy(jobPostings.id);
  if (!job?.firstReport) return null;
  const reports = await db
    .select({ reason: jobReports.reason, details: jobReports.details, createdAt: jobReports.createdAt })
    .from(jobReports)
    .where(and(eq(jobReports.jobPostingId, jobPostingId), undecided))
    .orderBy(asc(jobReports.createdAt), asc(jobReports.id));
  return { ...job, firstReport: job.firstReport, reports };
}

/**
 * A person's decision on a job's undecided reports, all at once: "keep" dismisses them and shows the
 * job again; "remove" upholds them and closes the job, hidden for good (a later import of the job
 * opens it at its source but leaves it hidden). Audited in the same transaction. False when no
 * report of the job waits.
 */
export async function decideJobReports(
  { db, now }: { db: Db; now: Date },
  actor: AuditActor,
  jobPostingId: number,
  keep: boolean,
  reason: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ hiddenAt: jobPostings.hiddenAt, status: jobPostings.status })
      .from(jobPostings)
      .where(eq(jobPostings.id, jobPostingId))
      .for("update");
    if (!job) return false;
    const decided = await tx
      .update(jobReports)
      .set({ decidedAt: now, decidedBy: actor.id, decision: keep ? "dismissed" : "upheld" })
      .where(and(eq(jobReports.jobPostingId, jobPostingId), undecided))
      .returning({ id: jobReports.id });
    if (!decided.length) return false;
    const after = keep
      ? { hiddenAt: null, status: job.status }
      : { hiddenAt: job.hiddenAt ?? now, status: "closed" as const };
    await tx
      .update(jobPostings)
      .set({ ...after, ...(keep || job.status === "closed" ? {} : { closedAt: now }), updatedAt: now })
      .where(eq(jobPostings.id, jobPostingId));
    await recordAudit(tx, {
      actor,
      action: keep ? "job_report.dismissed" : "job_report.upheld",
      universityId: null,
      target: { type: "job_posting", id: jobPostingId },
      before: { hiddenAt: job.hiddenAt, status: job.status },
      after: { ...after, reports: decided.length, reason },
      at: now,
    });
    return true;
  });
}
