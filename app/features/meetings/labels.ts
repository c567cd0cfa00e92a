import type { MeetingRole } from "~/db/schema/booking-values";

/** How the booking form names each kind of person (the team's email says it too). */
export const ROLE_LABELS: Record<MeetingRole, string> = {
  university: "I work at a university",
  student: "I am a student or graduate",
  employer: "I work for an employer",
  other: "Something else",
};
