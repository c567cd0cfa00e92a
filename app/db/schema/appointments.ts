import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

/**
 * A careers adviser of a university (issue 33): a member of its staff whom an admin marked as one, and
 * the hours students may book them in. `weekly` is the meetings feature's shape (opening hours by ISO
 * weekday as "HH:MM-HH:MM" in the adviser's time zone), so one function cuts both into times.
 */
export const careersAdvisers = pgTable("careers_advisers", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  universityId: integer("university_id")
    .notNull()
    .references(() => universities.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull().default("Europe/London"),
  weekly: jsonb("weekly")
    .$type<Partial<Record<"1" | "2" | "3" | "4" | "5" | "6" | "7", readonly string[]>>>()
    .notNull()
    .default({}),
  /** Days away, as YYYY-MM-DD in the adviser's time zone. */
  daysOff: text("days_off").array().notNull().default(sql`'{}'::text[]`),
  /** How many days ahead students may book. */
  horizonDays: integer("horizon_days").notNull().default(28),
  /** The notice a booking needs, which is also how late a student may move or cancel one. */
  noticeHours: integer("notice_hours").notNull().default(24),
  /** Off: kept with their appointments, but no new time is offered. */
  active: boolean("active").notNull().default(true),
  /** SHA-256 of the secret of the adviser's calendar feed URL; null when they have none (or revoked it). */
  calendarTokenHash: text("calendar_token_hash"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A kind of appointment a university's careers service offers: "CV review", 30 minutes. */
export const appointmentTypes = pgTable(
  "appointment_types",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    minutes: integer("minutes").notNull(),
    description: text("description"),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("appointment_types_university_idx").on(t.universityId)],
);

/** A type an adviser offers, and how: online (a meeting link) or in person (a room). */
export const adviserOffers = pgTable(
  "adviser_offers",
  {
    adviserUserId: integer("adviser_user_id")
      .notNull()
      .references(() => careersAdvisers.userId, { onDelete: "cascade" }),
    typeId: integer("type_id")
      .notNull()
      .references(() => appointmentTypes.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: ["online", "in-person"] }).notNull(),
    /** The meeting link (online) or the room (in person). */
    location: text("location").notNull(),
  },
  (t) => [primaryKey({ columns: [t.adviserUserId, t.typeId] })],
);

/**
 * A student's appointment with an adviser. Booking takes the student's and the adviser's rows under
 * a lock first, so two bookings of overlapping times, or a student's third, cannot both pass their
 * checks (the lengths vary, so no unique index can say "no overlap"). A cancelled or moved one stays
 * as a record and frees its time. `adviserNotes` are the careers service's, never shown to the student.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    adviserUserId: integer("adviser_user_id")
      .notNull()
      .references(() => careersAdvisers.userId, { onDelete: "cascade" }),
    studentUserId: integer("student_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    typeId: integer("type_id")
      .notNull()
      .references(() => appointmentTypes.id),
    /** The calendar event's UID, kept when the appointment moves. */
    uid: text("uid").notNull(),
    sequence: integer("sequence").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    mode: text("mode", { enum: ["online", "in-person"] }).notNull(),
    location: text("location").notNull(),
    /** What the student wants help with. */
    note: text("note"),
    /** The student's time zone when booking: their emails show times in it. */
    timeZone: text("time_zone").notNull(),
    status: text("status", { enum: ["booked", "cancelled", "moved"] })
      .notNull()
      .default("booked"),
    noShow: boolean("no_show").notNull().default(false),
    adviserNotes: text("adviser_notes"),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("appointments_adviser_idx").on(t.adviserUserId, t.startsAt),
    index("appointments_student_idx").on(t.studentUserId, t.startsAt),
  ],
);

export type CareersAdviser = typeof careersAdvisers.$inferSelect;
export type AppointmentType = typeof appointmentTypes.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;
