import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

/**
 * A badge a person earned (app/db/badges.ts, awarded by recordEvent), once: earned at the time of the
 * event that completed it, under the university the person was with then (the analytics count it there).
 */
export const achievements = pgTable(
  "achievements",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badge: text("badge").notNull(),
    universityId: integer("university_id").references(() => universities.id, { onDelete: "set null" }),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.badge] }),
    index("achievements_university_idx").on(t.universityId, t.badge),
  ],
);

export type Achievement = typeof achievements.$inferSelect;
