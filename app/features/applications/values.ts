import { APPLICATION_STATUSES, type ApplicationStatus } from "~/db/schema/job-posting-values";

export const MY_APPLICATIONS_PATH = "/my-applications";

/** How long a note with an application may be: a few lines, not a cover letter. */
export const NOTE_MAX = 1000;

export const APPLY_FIELDS = ["cv", "note"] as const;
export type ApplyField = (typeof APPLY_FIELDS)[number];

/** The statuses an employer may choose: withdrawn is the student's alone. */
export const EMPLOYER_STATUSES = APPLICATION_STATUSES.filter(
  (s): s is Exclude<ApplicationStatus, "withdrawn"> => s !== "withdrawn",
);
export type StatusChoice = (typeof EMPLOYER_STATUSES)[number];

/** Each status in words, as both sides read it (never colour alone). */
export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  received: "Received",
  shortlisted: "Shortlisted",
  interview: "Interview",
  offer: "Offer",
  unsuccessful: "Unsuccessful",
  withdrawn: "Withdrawn",
};
