import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The one queue of background work (email now; alerts, reminders and rollups later). A job is
 * written in the same transaction as the change that asks for it, and any server instance may run
 * it: a runner claims due rows with FOR UPDATE SKIP LOCKED and holds them for a lease, so a runner
 * that dies mid-job gives the job back when the lease ends.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** Set when the job gave up after its last attempt; kept for the operator to read. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A recurring job: one row of its kind, run again this long after each run, never given up. */
    everyMs: integer("every_ms"),
    /** A job queued once: while a row with this key is in the queue, queueing the key again adds nothing. */
    key: text("key"),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`failed_at is null`),
    uniqueIndex("jobs_recurring_kind_idx").on(t.kind).where(sql`every_ms is not null`),
    uniqueIndex("jobs_key_idx").on(t.key).where(sql`key is not null`),
  ],
);

export type Job = typeof jobs.$inferSelect;
