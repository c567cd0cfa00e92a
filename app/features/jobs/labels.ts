import type { JobType, SponsorshipStatus } from "~/db/schema/job-posting-values";
import { money } from "~/lib/money";

// The job types in their order, for the pages that list them (a route takes no schema module).
export { JOB_TYPES } from "~/db/schema/job-posting-values";

export const TYPE_LABELS: Record<JobType, string> = {
  "full-time": "Full-time",
  "part-time": "Part-time",
  internship: "Internship",
  "graduate-scheme": "Graduate scheme",
  contract: "Contract",
  temporary: "Temporary",
};

/** What each sponsorship status tells a student, in a few words (the job page gives the reasons). */
export const SPONSORSHIP_LABELS: Record<SponsorshipStatus, string> = {
  likely: "Likely eligible for sponsorship",
  "new-entrant": "Eligible at the new-entrant rate",
  "licensed-only": "Licensed sponsor; this job falls short or cannot be judged",
  unlikely: "Unlikely to be sponsored",
  unknown: "Sponsorship not known",
};

export const REMOTE_LABELS = { "on-site": "On-site", hybrid: "Hybrid", remote: "Remote" } as const;

export const POSTED_LABELS: Record<string, string> = {
  "1": "Last 24 hours",
  "3": "Last 3 days",
  "7": "Last 7 days",
  "14": "Last 14 days",
  "30": "Last 30 days",
};

export const SORT_LABELS = { relevance: "Relevance", date: "Newest first", salary: "Highest salary" } as const;

/** "£56,000 to £65,000 a year", "£12.50 an hour", "Competitive", or "Salary not given". */
export function salaryLabel(
  salary: { min: number | null; max: number | null; currency: string | null; period: "year" | "hour" | null },
  competitive = false,
): string {
  if (salary.max === null || !salary.currency || !salary.period)
    return competitive ? "Competitive salary" : "Salary not given";
  const per = salary.period === "hour" ? "an hour" : "a year";
  if (salary.min === null) return `Up to ${money(salary.max, salary.currency)} ${per}`;
  if (salary.min === salary.max) return `${money(salary.min, salary.currency)} ${per}`;
  return `${money(salary.min, salary.currency)} to ${money(salary.max, salary.currency)} ${per}`;
}

export { VERIFIED_SPONSOR_LABEL } from "~/db/schema/job-posting-values";
