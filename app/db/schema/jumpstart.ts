import { date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { CONTENT_STATUSES } from "./video-values";

/** The pre-departure area's article lists (/jumpstart/<list>). */
export const ARTICLE_LISTS = ["resources", "linkedin-starter-playbook", "reading-list"] as const;
export type ArticleList = (typeof ARTICLE_LISTS)[number];

/** A pre-departure article, synchronised from content/jumpstart/<list>/<slug>.md; a slug is unique across the lists. */
export const jumpstartArticles = pgTable(
  "jumpstart_articles",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    list: text("list", { enum: ARTICLE_LISTS }).notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    bodyHtml: text("body_html").notNull(),
    position: integer("position").notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull(),
    publishedOn: date("published_on", { mode: "string" }).notNull(),
    revisedOn: date("revised_on", { mode: "string" }),
    sourceHash: text("source_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("jumpstart_articles_list_idx").on(t.list, t.position)],
);

export type JumpstartArticle = typeof jumpstartArticles.$inferSelect;
