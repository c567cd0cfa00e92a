// What the student list shows, in a module the page can import.
import type { STUDY_LEVELS } from "~/db/schema/student-profile-values";
import type { EffectiveAccessStatus } from "~/db/schema/users";

export const STUDENT_STATUSES = {
  active: "Active",
  awaiting_approval: "Waiting for approval",
  refused: "Refused",
  deactivated: "Deactivated",
  expired: "Access ended",
} as const satisfies Record<EffectiveAccessStatus, string>;
export type StudentStatus = keyof typeof STUDENT_STATUSES;
export const LEVEL_LABELS: Record<(typeof STUDY_LEVELS)[number], string> = {
  foundation: "Foundation",
  undergraduate: "Undergraduate",
  postgraduate_taught: "Postgraduate (taught)",
  postgraduate_research: "Postgraduate (research)",
  other: "Other",
};
export const PAGE_SIZE = 50;
