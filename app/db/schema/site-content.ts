import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { CONTENT_STATUSES } from "./video-values";

/**
 * The help pages' smaller pieces of content, synchronised from content/<area>/<slug>.md: the FAQ's
 * questions (`area` "faq") and the company's open roles ("careers"). `slug` is "<area>/<slug>";
 * `fields` holds what an area adds (a question's category, a role's team and location).
 */
export const siteEntries = pgTable(
  "site_entries",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    area: text("area").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    bodyHtml: text("body_html").notNull(),
    /** The body's words, for searching within the area. */
    bodyText: text("body_text").notNull(),
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    position: integer("position").notNull().default(100),
    status: text("status", { enum: CONTENT_STATUSES }).notNull(),
    sourceHash: text("source_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("site_entries_area_idx").on(t.area, t.position)],
);

export type SiteEntry = typeof siteEntries.$inferSelect;

/**
 * Someone who asked for an e-book: the download link is emailed to them and shown once. Kept so
 * the team sees who reads what; the link itself is signed and expires, so nothing is looked up.
 */
export const ebookRequests = pgTable(
  "ebook_requests",
  {
    id: serial("id").primaryKey(),
    ebook: text("ebook").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Who they are, as they said ("student", "university", ...). */
    audience: text("audience").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ebook_requests_ebook_idx").on(t.ebook)],
);
