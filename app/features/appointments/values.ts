export const BOOK_FIELDS = ["type", "adviser", "start", "note", "tz"] as const;
export type BookField = (typeof BOOK_FIELDS)[number];
export const MOVE_FIELDS = ["appointment", "start", "tz"] as const;
export type MoveField = (typeof MOVE_FIELDS)[number];
