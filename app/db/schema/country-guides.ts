import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { CONTENT_STATUSES } from "./video-values";

export type GuideSource = { title: string; url: string };
/** A rule that changes with the law, stated with the date it applies from and its official page. */
export type GuideRule = { rule: string; from: string; source: string };

/**
 * A page of a country guide (its overview or one of its sections), synchronised from
 * content/country-guides/<country>/<page>.md. `slug` is "<country>/<page>", the page's address
 * under /country-guide.
 */
export const countryGuidePages = pgTable(
  "country_guide_pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    country: text("country").notNull(),
    page: text("page").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    bodyHtml: text("body_html").notNull(),
    /** The page's Markdown as written: the guide's e-book is typeset from it. */
    bodyMarkdown: text("body_markdown").notNull().default(""),
    sources: jsonb("sources").$type<GuideSource[]>().notNull(),
    rules: jsonb("rules").$type<GuideRule[]>().notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    reviewedOn: date("reviewed_on", { mode: "string" }).notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull(),
    sourceHash: text("source_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("country_guide_pages_country_idx").on(t.country)],
);

export type CountryGuidePage = typeof countryGuidePages.$inferSelect;
