import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

import { WORKSHOP_FORMATS } from "./booking-values";

/**
 * A workshop or webinar. The platform's own (`universityId` null) are for everyone who may see the
 * workshops page; a university's are for its own students and staff only. Times are stored in UTC
 * and shown in the viewer's time zone beside the event's own (`timeZone`).
 */
export const workshops = pgTable(
  "workshops",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    format: text("format", { enum: WORKSHOP_FORMATS }).notNull(),
    /** The online event's joining link (https), sent to those registered; or null. */
    joinUrl: text("join_url"),
    /** The in-person event's venue; or null. */
    venue: text("venue"),
    capacity: integer("capacity").notNull(),
    /** A past event's recording (a page of the career video hub, or an https address). */
    recordingUrl: text("recording_url"),
    universityId: integer("university_id").references(() => universities.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["published", "cancelled"] })
      .notNull()
      .default("published"),
    /** Raised each time the event changes, as calendars expect. */
    sequence: integer("sequence").notNull().default(0),
    /** The platform's own workshops come from content/workshops/<slug>.md: the file's hash. Null for a university's. */
    sourceHash: text("source_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("workshops_starts_idx").on(t.startsAt), index("workshops_university_idx").on(t.universityId)],
);

export const REGISTRATION_STATUSES = ["registered", "waiting", "cancelled"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * A place at a workshop, or a place on its waiting list. Places are given out with the workshop's
 * row locked, so the registered never outnumber the capacity; one live registration an address.
 */
export const workshopRegistrations = pgTable(
  "workshop_registrations",
  {
    id: serial("id").primaryKey(),
    workshopId: integer("workshop_id")
      .notNull()
      .references(() => workshops.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    status: text("status", { enum: REGISTRATION_STATUSES }).notNull(),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the person's place (or their turn on the waiting list) started: the list's order. */
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workshop_registrations_live_idx")
      .on(t.workshopId, sql`lower(${t.email})`)
      .where(sql`${t.status} <> 'cancelled'`),
    index("workshop_registrations_user_idx").on(t.userId),
  ],
);

export type Workshop = typeof workshops.$inferSelect;
export type WorkshopRegistration = typeof workshopRegistrations.$inferSelect;
