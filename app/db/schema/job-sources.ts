import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { employerOrganisations } from "./employers";

/**
 * A place jobs are fetched from on a schedule (issue 32): an applicant tracking system's public job
 * board, a job-search API, a careers page's schema.org JobPosting data, or a feed file. Its jobs are
 * job_postings with `source` = `source:{id}`. API keys are never here: they come from configuration.
 */
export const jobSources = pgTable("job_sources", {
  id: serial("id").primaryKey(),
  /** One of app/features/job-sources' kinds (greenhouse, lever, …, jsonld, feed). */
  kind: text("kind").notNull(),
  /** The full address fetched (an API's or a page's), so that a test server or a proxy can stand in. */
  url: text("url").notNull(),
  /** The employer the source belongs to, when it is one employer's board: named on jobs without one. */
  employerName: text("employer_name"),
  /** A verified employer of the platform whose board it is: its jobs belong to that organisation. */
  employerOrganisationId: integer("employer_organisation_id").references(() => employerOrganisations.id, {
    onDelete: "set null",
  }),
  everyMinutes: integer("every_minutes").notNull().default(360),
  enabled: boolean("enabled").notNull().default(true),
  /** The last answer's validators, sent back so that an unchanged source answers 304 and nothing is read. */
  etag: text("etag"),
  lastModified: text("last_modified"),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  /** Runs that failed in a row: three or more flag the source in the console and the command's list. */
  failuresInARow: integer("failures_in_a_row").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type JobSource = typeof jobSources.$inferSelect;

/** One run of a source: when, how long, what it changed, and its first errors. */
export const jobSourceRuns = pgTable(
  "job_source_runs",
  {
    id: serial("id").primaryKey(),
    sourceId: integer("source_id")
      .notNull()
      .references(() => jobSources.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** ok: imported; unchanged: the source answered 304; failed: nothing was changed. */
    outcome: text("outcome", { enum: ["ok", "unchanged", "failed"] }).notNull(),
    added: integer("added").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    closed: integer("closed").notNull().default(0),
    refused: integer("refused").notNull().default(0),
    errors: jsonb("errors").$type<string[]>().notNull().default([]),
  },
  (t) => [index("job_source_runs_source_idx").on(t.sourceId, t.startedAt)],
);

export type JobSourceRun = typeof jobSourceRuns.$inferSelect;
