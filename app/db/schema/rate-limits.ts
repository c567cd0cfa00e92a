import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window counters shared by every server instance (login and form limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
