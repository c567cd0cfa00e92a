import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { EventKind } from "./event-values";
import { jobPostings } from "./job-postings";
import { universities } from "./universities";
import { users } from "./users";

/**
 * The one record of what people did (a job viewed, saved, applied for, an alert sent), for the
 * universities' analytics. The university is the person's at the time, so a count stays with the
 * university it happened under. Deleting an account keeps its events without the person.
 */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<EventKind>().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    universityId: integer("university_id").references(() => universities.id, { onDelete: "set null" }),
    jobPostingId: integer("job_posting_id").references(() => jobPostings.id, { onDelete: "set null" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  // A person's own events are read on every view of their dashboard and for their badges, and an
  // account's deletion sets its user_id to null: each would scan the whole table without the third.
  (t) => [
    index("events_university_kind_idx").on(t.universityId, t.kind, t.occurredAt),
    index("events_job_kind_idx").on(t.jobPostingId, t.kind),
    index("events_user_kind_idx").on(t.userId, t.kind, t.occurredAt),
  ],
);

export type Event = typeof events.$inferSelect;
export * from "./event-values";
