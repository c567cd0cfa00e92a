import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

/** A page of a university's career manual: written by its admins in Markdown, read by its students. */
export const careerManualPages = pgTable(
  "career_manual_pages",
  {
    id: serial("id").primaryKey(),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    /** Rendered and sanitised like the blog's articles when saved. */
    bodyHtml: text("body_html").notNull(),
    position: integer("position").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("career_manual_pages_university_idx").on(t.universityId, t.position)],
);

export type CareerManualPage = typeof careerManualPages.$inferSelect;
