import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Results of the Australian points calculator a student saved to their account. The answers are
 * kept, not just the score, so a saved result opens again as it was; the total and the rule
 * version are kept so the list can show them without recalculating.
 */
export const auPointsResults = pgTable(
  "au_points_results",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The validated answers (see app/features/au-points/schema.ts), invitation date included. */
    answers: jsonb("answers").$type<Record<string, string | number | boolean>>().notNull(),
    /** Points before nomination (the 189 score). */
    total: integer("total").notNull(),
    ruleVersion: text("rule_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("au_points_results_user_id_idx").on(t.userId, t.createdAt)],
);
