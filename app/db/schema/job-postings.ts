import { type SQL, sql } from "drizzle-orm";
import {
  JOB_STATUSES,
  JOB_TYPES,
  PAY_PERIODS,
  SOC_SOURCES,
  SPONSORSHIP_STATUSES,
  type SalaryBand,
  WORK_ARRANGEMENTS,
} from "./job-posting-values";
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { employerOrganisations } from "./employers";
import { users } from "./users";

export const jobTypeEnum = pgEnum("job_type", JOB_TYPES);

export const workArrangementEnum = pgEnum("work_arrangement", WORK_ARRANGEMENTS);

export const payPeriodEnum = pgEnum("pay_period", PAY_PERIODS);

export const jobStatusEnum = pgEnum("job_posting_status", JOB_STATUSES);

export const sponsorshipStatusEnum = pgEnum("sponsorship_status", SPONSORSHIP_STATUSES);

export const socSourceEnum = pgEnum("soc_source", SOC_SOURCES);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Money with pence; read as a number (a salary is never near the precision where that matters). */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/**
 * A job listing (the table `jobs` is the background job queue's). Imported from a source, kept by the
 * source's id so a re-import updates it; a job that leaves its source is closed, never deleted, because
 * its page stays (marked closed) for people and search engines that saved it.
 */
export const jobPostings = pgTable(
  "job_postings",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    source: text("source").notNull(),
    externalId: text("external_id").notNull(),
    title: text("title").notNull(),
    employerName: text("employer_name").notNull(),
    /** The employer's organisation on the sponsor register, by slug (which outlives re-imports of the register). */
    sponsorSlug: text("sponsor_slug"),
    town: text("town"),
    region: text("region"),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull().default("GB"),
    workArrangement: workArrangementEnum("work_arrangement").notNull().default("on-site"),
    salaryMin: money("salary_min"),
    salaryMax: money("salary_max"),
    /** ISO 4217. */
    salaryCurrency: text("salary_currency"),
    salaryPeriod: payPeriodEnum("salary_period"),
    /** "Competitive": the source gives no figure on purpose. */
    salaryCompetitive: boolean("salary_competitive").notNull().default(false),
    /** The salary as the source wrote it, shown beside the figures read from it. */
    salaryText: text("salary_text"),
    hoursPerWeek: real("hours_per_week"),
    type: jobTypeEnum("type").notNull(),
    socCode: text("soc_code"),
    socConfidence: real("soc_confidence"),
    socSource: socSourceEnum("soc_source"),
    /** Markdown as the source gave it, and the HTML made from it, sanitised like the blog's. */
    descriptionMarkdown: text("description_markdown").notNull(),
    descriptionHtml: text("description_html").notNull(),
    applyUrl: text("apply_url"),
    applyEmail: text("apply_email"),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
    closingDate: date("closing_date", { mode: "string" }),
    status: jobStatusEnum("status").notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Taken off the site by reports (three undecided ones) or by staff removing it; null: shown. See job-reports.ts. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /**
     * The same vacancy from another source, listed once (issue 32): the job it duplicates, kept open
     * and shown. Set and cleared by the merge after each import (app/features/job-sources/merge.server.ts).
     */
    duplicateOf: integer("duplicate_of").references((): AnyPgColumn => jobPostings.id, { onDelete: "set null" }),
    /**
     * A hash of what the import made the row from (the record, the employer's standing on the register,
     * the rules' version): an import meeting the same again skips the record before rendering,
     * classifying or judging it. Null for jobs not from an import.
     */
    importHash: text("import_hash"),
    /** An employer's own job (issue 31), posted on the platform; null for a job from a feed. */
    employerOrganisationId: integer("employer_organisation_id").references(() => employerOrganisations.id),
    /** The employer's person who posted it. */
    postedBy: integer("posted_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** The sponsorship verdict, kept so that search can filter on it; recomputed when the rules or the register change. */
    sponsorshipStatus: sponsorshipStatusEnum("sponsorship_status").notNull().default("unknown"),
    salaryBand: text("salary_band").$type<SalaryBand>().notNull().default("none"),
    sponsorshipReasons: jsonb("sponsorship_reasons").$type<string[]>().notNull().default([]),
    sponsorshipRules: text("sponsorship_rules"),
    /** Generated demo data (embedded database only), never shown as a real vacancy without saying so. */
    demo: boolean("demo").notNull().default(false),
    /** Weighted words for full-text search: title, then employer, then description. */
    search: tsvector("search").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${jobPostings.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${jobPostings.employerName}, '')), 'B') || setweight(to_tsvector('english', coalesce(${jobPostings.descriptionMarkdown}, '')), 'C')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("job_postings_slug_idx").on(t.slug),
    uniqueIndex("job_postings_source_external_idx").on(t.source, t.externalId),
    index("job_postings_search_idx").using("gin", t.search),
    index("job_postings_open_posted_idx").on(t.status, t.postedAt),
    index("job_postings_employer_organisation_idx").on(t.employerOrganisationId),
    // The few duplicates, found when the job they point at goes (its foreign key sets them to null).
    index("job_postings_duplicate_of_idx").on(t.duplicateOf).where(sql`duplicate_of is not null`),
    // Job search filters and counts in memory (search-index.server.ts): no index of a filter's column.
    // Trigram indexes on title and employer (typo tolerance) are in the custom migration.
  ],
);

export type JobPosting = typeof jobPostings.$inferSelect;

/**
 * The one condition for a job students may find: open, not hidden by reports, and not a duplicate of
 * another source's listing of the same vacancy. Every reader of
 * open jobs (search and its in-memory index, recommendations, alerts, similar jobs, the sitemap,
 * the home page) uses it, so a hidden job leaves them all at once.
 */
export const jobIsListed = sql`${jobPostings.status} = 'open' and ${jobPostings.hiddenAt} is null and ${jobPostings.duplicateOf} is null`;
export * from "./job-posting-values";

/**
 * The source of the jobs employers post on the platform (issue 31). A job source's jobs may belong to an
 * employer organisation too (its badge, universities' decisions about it), but they stay their source's:
 * the employer neither edits them nor takes applications for them here.
 */
export const EMPLOYER_POSTING_SOURCE = "employer";
