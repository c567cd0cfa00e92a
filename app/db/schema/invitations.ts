import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

/**
 * A university's invitation of one address. The invited account exists from the start (without a
 * password, so nobody can log in to it) because the invitation link names it: /register-invite/{user_id}.
 * Revoking removes that account; the invitation stays for the record.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("invitations_university_idx").on(t.universityId, t.createdAt), index("invitations_user_idx").on(t.userId)],
);

export type Invitation = typeof invitations.$inferSelect;
