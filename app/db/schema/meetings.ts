import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { MEETING_ROLES } from "./booking-values";

/**
 * A meeting booked with the team through /book-a-meeting. One booked meeting a slot is the
 * database's rule (a unique index over the booked ones), not a check before an insert, so two
 * people can never hold the same slot however their requests interleave. A cancelled or moved
 * booking stays as a record, and frees its slot.
 */
export const meetingBookings = pgTable(
  "meeting_bookings",
  {
    id: serial("id").primaryKey(),
    /** The calendar event's UID: kept when a meeting moves, so calendars update the one event. */
    uid: text("uid").notNull(),
    /** Raised each time the event changes (moved, cancelled), as calendars expect. */
    sequence: integer("sequence").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    organisation: text("organisation"),
    role: text("role", { enum: MEETING_ROLES }).notNull(),
    topic: text("topic"),
    /** The time zone the visitor chose the slot in: their emails show times in it. */
    timeZone: text("time_zone").notNull(),
    status: text("status", { enum: ["booked", "cancelled", "moved"] })
      .notNull()
      .default("booked"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("meeting_bookings_slot_idx").on(t.startsAt).where(sql`${t.status} = 'booked'`),
    index("meeting_bookings_email_idx").on(t.email),
  ],
);

export type MeetingBooking = typeof meetingBookings.$inferSelect;
