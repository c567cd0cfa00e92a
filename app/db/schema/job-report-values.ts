// The values of the job reports' columns, in a module without Drizzle so that pages can import them.

/** Why someone reports a job, as the job page's form offers them (stored as written). */
export const JOB_REPORT_REASONS = [
  "Looks like a scam or fake employer",
  "Asks for payment",
  "Discriminatory",
  "Wrong or misleading sponsorship information",
  "Closed or no longer available",
  "Something else",
] as const;
export type JobReportReason = (typeof JOB_REPORT_REASONS)[number];

/** A person's decision on a job's reports: the job kept (reports dismissed) or removed (reports upheld). */
export const JOB_REPORT_DECISIONS = ["dismissed", "upheld"] as const;
export type JobReportDecision = (typeof JOB_REPORT_DECISIONS)[number];

/** Undecided reports that hide a job until a person decides. */
export const REPORTS_TO_HIDE = 3;
