export { JobCard } from "./components/job-card";
export { SPONSORSHIP_LABELS } from "./labels";
export type { JobResult } from "./search-values";
export { SponsorshipBadge } from "./components/job-card";
export { FEED_FIELDS, FeedRecordSchema, readFeed } from "./feed";
export type { FeedRecord } from "./feed";
