import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROSTER_MODES, ROSTER_STATUSES } from "./roster-values";
import { studyLevelEnum } from "./student-profiles";
import { universities } from "./universities";
import { users } from "./users";

export const rosterStatusEnum = pgEnum("roster_status", ROSTER_STATUSES);

/**
 * A university's record of one student, as its record system last sent it, keyed by the university's
 * own student number. It is what the next file is compared with, and what an account is made from:
 * the account (when one exists) gets the address, the name and the profile's course, level and
 * graduation from it on every change.
 */
export const rosterRecords = pgTable(
  "roster_records",
  {
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    studentId: text("student_id").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    course: text("course"),
    level: studyLevelEnum("level"),
    /** YYYY-MM. */
    expectedGraduation: text("expected_graduation"),
    status: rosterStatusEnum("status").notNull(),
    /**
     * The student's account, or the id its invitation reserved until the invitation is accepted
     * (like invitations.user_id, so no foreign key): read through a join that checks it exists.
     */
    userId: integer("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.universityId, t.studentId] }),
    // One student per address in a university's records, as in its accounts.
    uniqueIndex("roster_records_email_key").on(t.universityId, sql`lower(${t.email})`),
  ],
);

export type RosterRecord = typeof rosterRecords.$inferSelect;

export const rosterModeEnum = pgEnum("roster_mode", ROSTER_MODES);

/**
 * A file an admin uploaded on the roster page and previewed, kept until they apply it (or upload
 * another), so that what is applied is the file the preview showed. Only its admin applies it.
 */
export const rosterUploads = pgTable(
  "roster_uploads",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    uploadedBy: integer("uploaded_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: rosterModeEnum("mode").notNull(),
    fileName: text("file_name").notNull(),
    /** The file as text (decoded as the reader decodes it). */
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("roster_uploads_university_idx").on(t.universityId, t.uploadedBy)],
);
export * from "./roster-values";

/**
 * A university's keys for its record system to push the file (PUT /api/roster). The key is shown
 * once; only its HMAC, with a key derived from the server's secret, is stored. Revoking keeps the
 * row for the record.
 */
export const rosterApiKeys = pgTable(
  "roster_api_keys",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("roster_api_keys_university_idx").on(t.universityId, t.createdAt)],
);

export type RosterApiKey = typeof rosterApiKeys.$inferSelect;
