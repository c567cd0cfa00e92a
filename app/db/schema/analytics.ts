import { sql } from "drizzle-orm";
import { customType, date, doublePrecision, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

/** The days of a year, bit i (from the left) for day of year i + 1: a student's activity, as '0101…'. */
const yearBits = customType<{ data: string }>({ dataType: () => "bit(366)" });

/**
 * The universities' analytics, kept current by a trigger on `events` (migration 0029): a statement
 * that inserts events adds them here in its own transaction, whoever writes them. Only students'
 * (and pre-departure students') events with a university count; job alerts sent are not something
 * a student did. `analytics_rebuild()` starts them again from the events table.
 */

/**
 * Counts by university, day, metric (an event kind; "active:week", the students active in the week
 * starting `day`; "first:<kind>", the students registered on `day` who have done <kind> at least
 * once) and one dimension of what was done (`all` with value '', `sponsorship`, `soc` (SOC 2020
 * major group), `salary` (band against the thresholds), `home` (home country id) and
 * `home-eligible` (home country, jobs likely eligible only)). `students` holds up to five of the
 * students behind an event count: five means five or more; fewer is all of them, so the fewer-than-5
 * rule holds exactly over any range of days without a scan of the events.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    dimension: text("dimension").notNull(),
    metric: text("metric").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    value: text("value").notNull(),
    events: integer("events").notNull(),
    /** The sum of the events' `data.seconds` (career videos watched to the end: their running time). */
    amount: doublePrecision("amount").notNull().default(0),
    students: integer("students").array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.dimension, t.metric, t.day, t.value] })],
);

/**
 * `analytics_daily` added up by calendar month (`month`, its first day): a long range reads its
 * whole months here and only the days at its ends from the daily rows. `students` is the first five
 * of the month's students, which keeps the same meaning as the daily rows'.
 */
export const analyticsMonthly = pgTable(
  "analytics_monthly",
  {
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    dimension: text("dimension").notNull(),
    metric: text("metric").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    value: text("value").notNull(),
    events: integer("events").notNull(),
    amount: doublePrecision("amount").notNull().default(0),
    students: integer("students").array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.dimension, t.metric, t.month, t.value] })],
);

/**
 * The days of a year a student did anything, and anything of each feature, as bits: how many
 * students were active over any range of days is one pass over a university's students.
 */
export const analyticsActivity = pgTable(
  "analytics_activity",
  {
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The student's home country when they were last active (a country id), or null. */
    homeCountryId: integer("home_country_id"),
    daysAny: yearBits("days_any").notNull(),
    daysJobs: yearBits("days_jobs").notNull(),
    daysCv: yearBits("days_cv").notNull(),
    daysHub: yearBits("days_hub").notNull(),
    daysCalculator: yearBits("days_calculator").notNull(),
    daysSponsors: yearBits("days_sponsors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.year, t.userId] })],
);

/**
 * That a student has been counted once for a key ("week:2026-11-23", "first:job.applied"): an insert
 * that finds its row already there adds nothing, which keeps distinct counts right under concurrent
 * writers.
 */
export const analyticsPresence = pgTable(
  "analytics_presence",
  {
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.universityId, t.key, t.userId] })],
);
