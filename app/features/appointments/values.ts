export const BOOK_FIELDS = ["type", "adviser", "start", "note", "tz"] as const;
export type BookField = (typeof BOOK_FIELDS)[number];
