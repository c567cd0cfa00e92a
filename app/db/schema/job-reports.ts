import { isNull } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { JobReportDecision, JobReportReason } from "./job-report-values";
import { jobPostings } from "./job-postings";
import { users } from "./users";

/**
 * "Report this job" from a job's page. One report per job and reporter: a logged-in person once, a
 * visitor once per address (its hash; the address itself is not kept). Reports wait until a person
 * in the operations console decides them all at once for their job.
 */
export const jobReports = pgTable(
  "job_reports",
  {
    id: serial("id").primaryKey(),
    jobPostingId: integer("job_posting_id")
      .notNull()
      .references(() => jobPostings.id, { onDelete: "cascade" }),
    reason: text("reason").$type<JobReportReason>().notNull(),
    details: text("details"),
    reporterUserId: integer("reporter_user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * A visitor's address as a SHA-256 hash: one report per address, without keeping it. Null for a
     * logged-in reporter, who counts by account (students behind one university address each count).
     */
    reporterAddressHash: text("reporter_address_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decision: text("decision").$type<JobReportDecision>(),
  },
  (t) => [
    // Nulls are distinct: each index holds only the reports it is about.
    uniqueIndex("job_reports_job_user_idx").on(t.jobPostingId, t.reporterUserId),
    uniqueIndex("job_reports_job_address_idx").on(t.jobPostingId, t.reporterAddressHash),
    index("job_reports_undecided_idx").on(t.jobPostingId).where(isNull(t.decidedAt)),
  ],
);

export type JobReport = typeof jobReports.$inferSelect;
