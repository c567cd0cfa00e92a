import {
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { universities } from "./universities";
import { users } from "./users";
import { CONTENT_STATUSES, VIDEO_COLLECTIONS, VIDEO_LEVELS, VIDEO_TOPICS } from "./video-values";

export const videoTopicEnum = pgEnum("video_topic", VIDEO_TOPICS);
export const videoLevelEnum = pgEnum("video_level", VIDEO_LEVELS);
export const videoCollectionEnum = pgEnum("video_collection", VIDEO_COLLECTIONS);
export const videoStatusEnum = pgEnum("video_status", CONTENT_STATUSES);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export type VideoCue = { start: number; end: number; text: string };
export type VideoChapter = { start: number; title: string };
export type VideoLink = { title: string; url: string };

/**
 * A career video, synchronised from content/videos/<slug>.md (content-sync.server.ts). Its media,
 * poster and captions are files of content/media/videos served under a name holding their content
 * hash, or a media address elsewhere (`external`). The transcript is the captions' cues.
 */
export const videos = pgTable(
  "videos",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    topic: videoTopicEnum("topic").notNull(),
    level: videoLevelEnum("level").notNull(),
    collection: videoCollectionEnum("collection").notNull(),
    status: videoStatusEnum("status").notNull(),
    publishedOn: date("published_on", { mode: "string" }).notNull(),
    revisedOn: date("revised_on", { mode: "string" }),
    durationSeconds: real("duration_seconds").notNull(),
    mediaUrl: text("media_url").notNull(),
    mediaType: text("media_type").notNull(),
    posterUrl: text("poster_url"),
    captionsUrl: text("captions_url"),
    chapters: jsonb("chapters").$type<VideoChapter[]>().notNull(),
    transcript: jsonb("transcript").$type<VideoCue[]>().notNull(),
    related: jsonb("related").$type<VideoLink[]>().notNull(),
    bodyHtml: text("body_html").notNull(),
    /** Title, then summary, then the transcript's words. */
    search: tsvector("search").notNull(),
    sourceHash: text("source_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("videos_slug_idx").on(t.slug), index("videos_search_idx").using("gin", t.search)],
);

export type CourseLesson = {
  video: string;
  readingHtml: string | null;
  check: { question: string; options: string[]; answer: number } | null;
};
export type CourseModule = { title: string; lessons: CourseLesson[] };

/** A premium course, synchronised from content/courses/<slug>.md: modules of lessons, each a premium video. */
export const videoCourses = pgTable(
  "video_courses",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    level: videoLevelEnum("level").notNull(),
    status: videoStatusEnum("status").notNull(),
    publishedOn: date("published_on", { mode: "string" }).notNull(),
    introHtml: text("intro_html").notNull(),
    modules: jsonb("modules").$type<CourseModule[]>().notNull(),
    sourceHash: text("source_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("video_courses_slug_idx").on(t.slug)],
);

/**
 * Where a person is in a video, saved as they watch, on any device. `watchedAt`: when they first
 * reached 90% of it (it stays watched when they watch it again from the start).
 */
export const videoProgress = pgTable(
  "video_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    positionSeconds: real("position_seconds").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    watchedAt: timestamp("watched_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index("video_progress_recent_idx").on(t.userId, t.updatedAt)],
);

export const savedVideos = pgTable(
  "saved_videos",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

/** A course a person finished (every lesson watched): recorded once, as an achievement. */
export const videoCourseCompletions = pgTable(
  "video_course_completions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => videoCourses.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** "Tell my careers service": a student without premium access asking their university for it; its admins see it. */
export const premiumHubRequests = pgTable(
  "premium_hub_requests",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    universityId: integer("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("premium_hub_requests_university_idx").on(t.universityId, t.requestedAt)],
);

export type Video = typeof videos.$inferSelect;
export type VideoCourse = typeof videoCourses.$inferSelect;
export * from "./video-values";
