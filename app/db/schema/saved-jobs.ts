import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, timestamp } from "drizzle-orm/pg-core";
import { ALERT_FREQUENCIES } from "./job-posting-values";
import { jobPostings } from "./job-postings";
import { users } from "./users";

/** A job someone keeps to come back to; it stays saved after it closes, marked closed. */
export const savedJobs = pgTable(
  "saved_jobs",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobPostingId: integer("job_posting_id")
      .notNull()
      .references(() => jobPostings.id, { onDelete: "cascade" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobPostingId] }), index("saved_jobs_job_idx").on(t.jobPostingId)],
);

export const alertFrequencyEnum = pgEnum("alert_frequency", ALERT_FREQUENCIES);

/** A saved search's filters, as a job list's address writes them. */
export type AlertSearch = { list: "/jobs" | "/part-time-jobs"; params: Record<string, string> };

/**
 * A saved search that emails the jobs added since its last run. `lastRunAt` is the line between
 * jobs already sent (or already there when the search was saved) and new ones; it moves in the
 * same transaction as the email is queued, so a job is sent once. `pausedAt`: the person
 * unsubscribed from the email, and the search stays saved.
 */
export const jobAlerts = pgTable(
  "job_alerts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    search: jsonb("search").$type<AlertSearch>().notNull(),
    frequency: alertFrequencyEnum("frequency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
  },
  (t) => [
    index("job_alerts_user_idx").on(t.userId),
    index("job_alerts_due_idx").on(t.nextRunAt).where(sql`paused_at is null`),
  ],
);

export type JobAlert = typeof jobAlerts.$inferSelect;
