import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./column-types";
import { universities } from "./universities";

/**
 * A university's logo as its admin uploaded it: a PNG re-encoded (no metadata) or an SVG sanitised
 * (no scripts, no outside references). Stored here so that a deployment needs no file store;
 * `universities.logo_url` then points at its address, named by `hash` so that it can be cached for good.
 */
export const universityLogos = pgTable("university_logos", {
  universityId: integer("university_id")
    .primaryKey()
    .references(() => universities.id, { onDelete: "cascade" }),
  contentType: text("content_type").$type<"image/png" | "image/svg+xml">().notNull(),
  data: bytea("data").notNull(),
  hash: text("hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
