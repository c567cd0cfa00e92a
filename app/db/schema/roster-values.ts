// The values of the roster's columns, in a module without Drizzle so that pages can import them.

/** The columns of a student-records file, exactly as the university's record system writes them. */
export const ROSTER_COLUMNS = [
  "student_id",
  "email",
  "first_name",
  "last_name",
  "course",
  "level",
  "expected_graduation",
  "status",
] as const;

/** Where a student stands in the university's records. */
export const ROSTER_STATUSES = ["active", "suspended", "left"] as const;

/** A full sync is the whole list (students missing from it have left); a partial one touches only its lines. */
export const ROSTER_MODES = ["full", "partial"] as const;

export type RosterMode = (typeof ROSTER_MODES)[number];
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];
export type RosterStatus = (typeof ROSTER_STATUSES)[number];
