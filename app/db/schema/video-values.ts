// The values of the career video hub's tables, in a module without Drizzle so that pages can import them.

export const VIDEO_TOPICS = [
  "cv",
  "applications",
  "interviews",
  "networking",
  "job-search",
  "visas",
  "workplace",
] as const;
export const VIDEO_LEVELS = ["beginner", "intermediate", "advanced"] as const;
/** The standard library (everyone), premium course lessons (premium access), the pre-departure guide (everyone). */
export const VIDEO_COLLECTIONS = ["standard", "premium", "jumpstart"] as const;
export const CONTENT_STATUSES = ["published", "draft"] as const;

export type VideoTopic = (typeof VIDEO_TOPICS)[number];
export type VideoLevel = (typeof VIDEO_LEVELS)[number];
export type VideoCollection = (typeof VIDEO_COLLECTIONS)[number];

/** Watched: the share of a video a person must have reached. */
export const WATCHED_SHARE = 0.9;
