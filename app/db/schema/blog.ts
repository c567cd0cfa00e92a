import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** What every entry synchronised from content/ carries: its file's hash, so an unchanged file costs nothing. */
const synced = {
  sourceHash: text("source_hash").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

// Authors and categories are never deleted while posts point at them: a removed file makes them inactive.
export const blogAuthors = pgTable("blog_authors", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  jobTitle: text("job_title").notNull(),
  summary: text("summary").notNull(),
  bioHtml: text("bio_html").notNull(),
  active: boolean("active").notNull().default(true),
  ...synced,
});

export const blogCategories = pgTable("blog_categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(100),
  active: boolean("active").notNull().default(true),
  ...synced,
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    categoryId: integer("category_id").references(() => blogCategories.id),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    summary: text("summary").notNull().default(""),
    bodyHtml: text("body_html").notNull().default(""),
    authorId: integer("author_id").references(() => blogAuthors.id),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt"),
    publishedOn: date("published_on"),
    revisedOn: date("revised_on"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    readingMinutes: integer("reading_minutes").notNull().default(1),
    /** Weighted title, summary and tags, then body; written by the content sync. */
    search: tsvector("search"),
    ...synced,
  },
  (t) => [
    index("blog_posts_listing_idx").on(t.status, t.publishedOn.desc()),
    index("blog_posts_category_idx").on(t.categoryId),
    index("blog_posts_author_idx").on(t.authorId),
    index("blog_posts_search_idx").using("gin", t.search),
  ],
);

/**
 * Published stories come from content/ (source "content"); stories sent through the form arrive as
 * "submission", pending until someone approves them, and carry the sender's contact details.
 */
export const successStories = pgTable(
  "success_stories",
  {
    id: serial("id").primaryKey(),
    source: text("source", { enum: ["content", "submission"] }).notNull(),
    /** The content file's slug; null for submissions. */
    slug: text("slug").unique(),
    status: text("status", { enum: ["pending", "approved", "rejected", "withdrawn"] }).notNull(),
    name: text("name").notNull(),
    university: text("university").notNull(),
    course: text("course").notNull(),
    homeCountry: text("home_country").notNull(),
    role: text("role").notNull(),
    employer: text("employer").notNull(),
    quote: text("quote").notNull().default(""),
    storyHtml: text("story_html").notNull(),
    publishedOn: date("published_on"),
    email: text("email"),
    /** E.164, optional. */
    phone: text("phone"),
    consentToPublish: boolean("consent_to_publish").notNull().default(false),
    universityId: integer("university_id").references(() => universities.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ...synced,
  },
  (t) => [index("success_stories_status_idx").on(t.status, t.publishedOn.desc())],
);

export type CaseStudyMetric = { label: string; value: string };

export const caseStudies = pgTable("case_studies", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  status: text("status", { enum: ["draft", "published"] }).notNull(),
  title: text("title").notNull(),
  university: text("university").notNull(),
  summary: text("summary").notNull(),
  bodyHtml: text("body_html").notNull(),
  metrics: jsonb("metrics").$type<CaseStudyMetric[]>().notNull().default([]),
  publishedOn: date("published_on").notNull(),
  ...synced,
});
