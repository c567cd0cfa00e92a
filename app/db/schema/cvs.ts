import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea } from "./column-types";
import { users } from "./users";

/**
 * A student's CV. `document` is the CV document of app/features/cv/document.ts, as it was written
 * (its `schemaVersion` says which schema; the feature upgrades an older one when it reads it).
 * `version` counts the saves, so a save made from a stale copy is refused instead of overwriting
 * a newer one. A deleted CV keeps its row for ten seconds (`deletedAt`), so it can be undone.
 */
export const cvs = pgTable(
  "cvs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The document's template, kept beside it for the list. */
    template: text("template").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    version: integer("version").notNull().default(1),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("cvs_user_idx").on(t.userId, t.updatedAt),
    uniqueIndex("cvs_one_default_idx").on(t.userId).where(sql`is_default and deleted_at is null`),
  ],
);

/** A CV's photo (Europass), re-encoded on upload so that it carries no metadata. */
export const cvPhotos = pgTable("cv_photos", {
  cvId: integer("cv_id")
    .primaryKey()
    .references(() => cvs.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export type Cv = typeof cvs.$inferSelect;
