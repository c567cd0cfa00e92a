import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea } from "./column-types";
import { cvs } from "./cvs";
import { APPLICATION_STATUSES } from "./job-posting-values";
import { jobPostings } from "./job-postings";
import { users } from "./users";

export const applicationStatusEnum = pgEnum("application_status", APPLICATION_STATUSES);

/**
 * A student's application to an employer's job (issue 31). The CV goes as a PDF made when they apply
 * and kept here, so later edits of the CV never change what the employer received. A withdrawn
 * application's PDF is no longer served to the employer (and is emptied).
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: serial("id").primaryKey(),
    jobPostingId: integer("job_posting_id")
      .notNull()
      .references(() => jobPostings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The CV it was made from (null once that CV is deleted; the PDF stays). */
    cvId: integer("cv_id").references(() => cvs.id, { onDelete: "set null" }),
    /** The CV's name and version when sent. */
    cvName: text("cv_name").notNull(),
    cvVersion: integer("cv_version").notNull(),
    cvPdf: bytea("cv_pdf"),
    note: text("note").notNull().default(""),
    status: applicationStatusEnum("status").notNull().default("received"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // One application per student and job: applying again is refused while one stands.
    uniqueIndex("job_applications_job_user_idx").on(t.jobPostingId, t.userId),
    index("job_applications_user_idx").on(t.userId, t.createdAt),
  ],
);

export type JobApplication = typeof jobApplications.$inferSelect;
