import { index, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

export const ACCESS_REQUEST_STATUSES = ["pending", "approved", "refused"] as const;
export const accessRequestStatusEnum = pgEnum("access_request_status", ACCESS_REQUEST_STATUSES);

/**
 * A student whose address is not one of their university's domains asks for access; a university
 * admin approves (an account and a link to set its password) or refuses. Kept after the decision,
 * with who made it, for the university's records.
 */
export const accessRequests = pgTable(
  "access_requests",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    studentNumber: text("student_number").notNull(),
    course: text("course").notNull(),
    status: accessRequestStatusEnum("status").notNull().default("pending"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("access_requests_university_status_idx").on(t.universityId, t.status)],
);

export type AccessRequest = typeof accessRequests.$inferSelect;
