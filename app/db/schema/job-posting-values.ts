// The values of the job tables' enums, in a module without Drizzle so that pages can import them.

export const JOB_TYPES = ["full-time", "part-time", "internship", "graduate-scheme", "contract", "temporary"] as const;
export const WORK_ARRANGEMENTS = ["on-site", "hybrid", "remote"] as const;
/** What a salary figure is paid for: the import turns months, weeks and days into years. */
export const PAY_PERIODS = ["year", "hour"] as const;
/**
 * open and closed: listed, then not. draft: an employer's job being written or previewed (issue 31);
 * pending: an employer's job waiting for a person in the operations console. Only open jobs are listed.
 */
export const JOB_STATUSES = ["open", "closed", "draft", "pending"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** A job's standing for Skilled Worker sponsorship, as app/features/sponsorship's jobStatus gives it. */
export const SPONSORSHIP_STATUSES = ["likely", "new-entrant", "licensed-only", "unlikely", "unknown"] as const;
/**
 * Where a job's pay stands against the Skilled Worker thresholds of the rules it was judged under:
 * below the new-entrant threshold, between it and the general threshold, at or above the general
 * one, or not comparable (no salary, not in pounds, not in the UK). The verdict sets it.
 */
export const SALARY_BANDS = ["below-new-entrant", "new-entrant", "general", "none"] as const;
export type SalaryBand = (typeof SALARY_BANDS)[number];
/** Where the occupation code came from: the job's source, or our classifier (with its confidence). */
export const SOC_SOURCES = ["source", "classified"] as const;

export type JobType = (typeof JOB_TYPES)[number];
export type SponsorshipStatus = (typeof SPONSORSHIP_STATUSES)[number];

/** How often a saved search emails its new jobs. */
export const ALERT_FREQUENCIES = ["daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Where an application to an employer's job stands (issue 31); the student is emailed at each change. */
export const APPLICATION_STATUSES = [
  "received",
  "shortlisted",
  "interview",
  "offer",
  "unsuccessful",
  "withdrawn",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Which employers' jobs a university's students see (issue 31); the default is every verified employer. */
export const EMPLOYER_POLICIES = ["all-verified", "licensed-only", "approved-only"] as const;
export type EmployerPolicy = (typeof EMPLOYER_POLICIES)[number];
/** A university admin's decision on one employer. */
export const EMPLOYER_DECISIONS = ["approved", "blocked"] as const;
export type EmployerDecision = (typeof EMPLOYER_DECISIONS)[number];

/**
 * The badge on every job of a verified organisation holding a licence on the sponsor register (issue
 * 31), named alike wherever it is mentioned (the jobs, the employer's email, a university's list).
 */
export const VERIFIED_SPONSOR_LABEL = "Verified licensed sponsor";
