// Values of the meetings' and workshops' columns, in a module without Drizzle: pages send them to browsers.

export const MEETING_ROLES = ["university", "student", "employer", "other"] as const;
export type MeetingRole = (typeof MEETING_ROLES)[number];

export const WORKSHOP_FORMATS = ["online", "in-person"] as const;
export type WorkshopFormat = (typeof WORKSHOP_FORMATS)[number];
