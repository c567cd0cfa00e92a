import { bigint, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** The purpose an authenticator secret is sealed under (`seal`), so a value moved to another column does not open. */
export const STAFF_TOTP_SEAL = "staff-totp-secret";

/**
 * A platform staff member's authenticator (TOTP, RFC 6238). The secret is sealed with the platform's
 * secrets key (`app/lib/secret-box.server.ts`): the server must read it to check a code, so it cannot
 * be hashed. `enrolledAt` is null while an enrolment waits for its first code; `lastStep` is the time
 * step of the last code accepted, so a code works once.
 */
export const staffAuthenticators = pgTable("staff_authenticators", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  enrolledAt: timestamp("enrolled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The ten one-time recovery codes shown once at enrolment; only their SHA-256 is kept (80 random bits each). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.userId)],
);
