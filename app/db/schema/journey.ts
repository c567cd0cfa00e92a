import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A step of a person's journey they ticked by hand (app/features/journey/stages.ts: the steps no event records). */
export const journeyTicks = pgTable(
  "journey_ticks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    tickedAt: timestamp("ticked_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);
