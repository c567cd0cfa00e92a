import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

export const TOKEN_PURPOSES = [
  "reset_password",
  "verify_email",
  "set_password",
  "invitation",
  "change_email",
  "complete_profile",
  // A platform staff member's login between the password and the authentication code (not a link: a cookie).
  "second_factor",
] as const;
export const tokenPurposeEnum = pgEnum("token_purpose", TOKEN_PURPOSES);

/**
 * One-time links sent by email. Only a SHA-256 of the token is stored (the token carries 256 random
 * bits, so no key is needed to make the hash useless to a reader of the database); a token works
 * once, for its purpose, until it expires.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    purpose: tokenPurposeEnum("purpose").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the link carries besides the user (the new address of an email change). */
    data: jsonb("data").$type<Record<string, string>>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);

export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
