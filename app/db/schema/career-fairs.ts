import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { WORKSHOP_FORMATS } from "./booking-values";
import { employerOrganisations } from "./employers";
import { universities } from "./universities";
import { users } from "./users";

/**
 * A career fair (issue 33): a university's for its own students, or the platform's (`universityId`
 * null) for every university's. One day, from `startsAt` to `endsAt`, stored in UTC and shown in its
 * own time zone; in person at `venue`, or online at `joinUrl`.
 */
export const careerFairs = pgTable(
  "career_fairs",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    universityId: integer("university_id").references(() => universities.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    format: text("format", { enum: WORKSHOP_FORMATS }).notNull(),
    venue: text("venue"),
    joinUrl: text("join_url"),
    /** How many tickets it gives; null for no limit. Once they are taken, students join its waiting list. */
    capacity: integer("capacity"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("career_fairs_university_idx").on(t.universityId, t.startsAt),
    check("career_fairs_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/**
 * An employer at a fair: one of the platform's verified employer organisations (its open jobs and
 * badge shown with it), or a name typed in for one that is not on the platform. Exactly one of the two.
 */
export const careerFairExhibitors = pgTable(
  "career_fair_exhibitors",
  {
    id: serial("id").primaryKey(),
    fairId: integer("fair_id")
      .notNull()
      .references(() => careerFairs.id, { onDelete: "cascade" }),
    employerOrganisationId: integer("employer_organisation_id").references(() => employerOrganisations.id, {
      onDelete: "cascade",
    }),
    name: text("name"),
  },
  (t) => [
    check("career_fair_exhibitors_one_kind", sql`(${t.employerOrganisationId} is null) <> (${t.name} is null)`),
    uniqueIndex("career_fair_exhibitors_organisation_idx").on(t.fairId, t.employerOrganisationId),
    uniqueIndex("career_fair_exhibitors_name_idx").on(t.fairId, sql`lower(${t.name})`),
  ],
);

/** A talk in a fair's timetable, its times "HH:MM" on the fair's day in the fair's time zone (they move with it). */
export const careerFairTalks = pgTable(
  "career_fair_talks",
  {
    id: serial("id").primaryKey(),
    fairId: integer("fair_id")
      .notNull()
      .references(() => careerFairs.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    speaker: text("speaker").notNull(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    room: text("room"),
  },
  (t) => [index("career_fair_talks_fair_idx").on(t.fairId, t.startTime)],
);

/**
 * A student's ticket for a fair: its short code (unique within the fair), and when the door checked
 * them in. Checking in sets `checkedInAt` only where it is empty, so a ticket scanned twice at once
 * is one attendance. `universityId` is the student's when they registered: the analytics count it
 * there, and at a platform-wide fair each university's staff check in their own students.
 */
export const careerFairRegistrations = pgTable(
  "career_fair_registrations",
  {
    id: serial("id").primaryKey(),
    fairId: integer("fair_id")
      .notNull()
      .references(() => careerFairs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    universityId: integer("university_id").references(() => universities.id, { onDelete: "set null" }),
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: integer("checked_in_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("career_fair_registrations_person_idx").on(t.fairId, t.userId),
    uniqueIndex("career_fair_registrations_code_idx").on(t.fairId, t.code),
    // A code typed at the wrong fair's door is found at its own ("not this fair").
    index("career_fair_registrations_code_lookup_idx").on(t.code),
    index("career_fair_registrations_university_idx").on(t.universityId, t.fairId),
    index("career_fair_registrations_user_idx").on(t.userId),
  ],
);

/**
 * A student waiting for a place at a full fair, first come first served (by `id`: students join
 * one after another, holding the fair's row): when a ticket is given up or the fair is given more
 * places, the longest waiting get them (their ticket emailed) and leave the list. `universityId` as
 * on a ticket: the student's when they joined.
 */
export const careerFairWaitingList = pgTable(
  "career_fair_waiting_list",
  {
    id: serial("id").primaryKey(),
    fairId: integer("fair_id")
      .notNull()
      .references(() => careerFairs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    universityId: integer("university_id").references(() => universities.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("career_fair_waiting_list_person_idx").on(t.fairId, t.userId),
    index("career_fair_waiting_list_order_idx").on(t.fairId, t.id),
    index("career_fair_waiting_list_user_idx").on(t.userId),
  ],
);

export type CareerFair = typeof careerFairs.$inferSelect;
export type CareerFairExhibitor = typeof careerFairExhibitors.$inferSelect;
export type CareerFairTalk = typeof careerFairTalks.$inferSelect;
export type CareerFairRegistration = typeof careerFairRegistrations.$inferSelect;
export type CareerFairWaiting = typeof careerFairWaitingList.$inferSelect;
