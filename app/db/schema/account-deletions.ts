import { integer, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { roleEnum } from "./users";
import { universities } from "./universities";

/**
 * What is kept of a deleted account: no name, address or answers, only what a university's counts
 * need (which university, which role, when it joined and left).
 */
export const accountDeletions = pgTable("account_deletions", {
  id: serial("id").primaryKey(),
  universityId: integer("university_id").references(() => universities.id, { onDelete: "set null" }),
  role: roleEnum("role").notNull(),
  accountCreatedAt: timestamp("account_created_at", { withTimezone: true }).notNull(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull(),
});
