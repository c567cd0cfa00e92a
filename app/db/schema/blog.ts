import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";

// The blog issue fills and extends these; the access checks and legacy redirects read them now.
export const blogCategories = pgTable("blog_categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
});

export const blogPosts = pgTable("blog_posts", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  categoryId: integer("category_id").references(() => blogCategories.id),
  status: text("status", { enum: ["draft", "published"] }).notNull().default("draft"),
});
