import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

/**
 * A university's invitation of one address. No account exists until the invited person accepts: the
 * invitation holds what the account is made from (the address and the university) and its link's
 * token, stored hashed. Revoking keeps the row for the record; the link then leads nowhere.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    /**
     * The account's id, taken from the users' sequence when inviting so the link can name it
     * (/register-invite/{user_id}) before the account exists; the account made on acceptance gets
     * it. Someone who registers with the address instead puts their own account's id here.
     */
    userId: integer("user_id"),
    email: text("email").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
    /** SHA-256 of the newest link's token (sending again replaces it, so the older link stops working). */
    tokenHash: text("token_hash").unique(),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("invitations_university_idx").on(t.universityId, t.createdAt),
    index("invitations_user_idx").on(t.userId),
    // One open invitation per address and university, even when two lists with it are sent at once.
    uniqueIndex("invitations_open_email_key")
      .on(t.universityId, sql`lower(${t.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

export type Invitation = typeof invitations.$inferSelect;
