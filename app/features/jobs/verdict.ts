import type { SalaryBand, SponsorshipStatus } from "~/db/schema/job-posting-values";
import { type EmployerStanding, assessOffer, jobStatus, type RuleSet } from "~/features/sponsorship";

/** What the verdict needs of a job: its occupation, pay (a year or an hour), hours and where it is. */
export type JobTerms = {
  socCode: string | null;
  salaryMin: number | null;
  salaryPeriod: "year" | "hour" | null;
  salaryCurrency: string | null;
  hoursPerWeek: number | null;
  country: string;
};

export type JobVerdict = { status: SponsorshipStatus; reasons: string[]; rules: string; salaryBand: SalaryBand };

/**
 * A job's sponsorship status for the listings, judged on the bottom of its salary range (what the
 * employer is sure to pay) under `rules`, as a general offer and as one to a new entrant. A job
 * without hours is judged at the 37.5 hours the going rates assume, and says so. `rules` are those of
 * `today` (a certificate issued now).
 */
export function jobVerdict(job: JobTerms, rules: RuleSet, employer: EmployerStanding, today: string): JobVerdict {
  const verdict = (status: SponsorshipStatus, reasons: string[]): JobVerdict => ({
    status,
    reasons,
    rules: rules.version,
    salaryBand: salaryBandOf(job, rules),
  });
  const employerReason =
    employer && !employer.licensed ? [`${employer.name} is not on the register of licensed sponsors.`] : [];
  if (job.country !== "GB")
    return verdict("unknown", ["The job is not in the UK, so the UK's Skilled Worker rules do not apply."]);
  if (!job.socCode || !rules.occupations.has(job.socCode)) {
    return verdict(jobStatus(null, null, employer), [
      ...employerReason,
      "The job's occupation is not known, so the occupation and salary rules cannot be checked.",
    ]);
  }
  if (job.salaryMin === null || job.salaryPeriod === null) {
    return verdict(jobStatus(null, null, employer), [
      ...employerReason,
      "The job gives no salary, so the salary rules cannot be checked.",
    ]);
  }
  if (job.salaryCurrency && job.salaryCurrency !== "GBP") {
    return verdict(jobStatus(null, null, employer), [
      ...employerReason,
      `The salary is in ${job.salaryCurrency}; the rules are set in pounds.`,
    ]);
  }
  const offer = {
    soc: job.socCode,
    salary: job.salaryMin,
    salaryPeriod: job.salaryPeriod,
    hoursPerWeek: job.hoursPerWeek ?? rules.standardWeeklyHours,
    cosDate: today,
    phd: "none" as const,
  };
  const general = assessOffer({ ...offer, newEntrant: false }, rules, employer);
  const entrant = assessOffer({ ...offer, newEntrant: true }, rules, employer);
  const status = jobStatus(general, entrant, employer);
  const assumed =
    job.hoursPerWeek === null ? [`The job gives no weekly hours: it is judged at ${rules.standardWeeklyHours}.`] : [];
  return verdict(status, [...(status === "new-entrant" ? entrant.reasons : general.reasons), ...assumed]);
}

/**
 * Where a job's pay (the bottom of its range, a year) stands against the general and new-entrant
 * thresholds of `rules`, whatever its occupation: what the universities' analytics split jobs by.
 * Hours past the counted maximum do not count, as for the verdict.
 */
export function salaryBandOf(job: JobTerms, rules: RuleSet): SalaryBand {
  if (
    job.country !== "GB" ||
    job.salaryMin === null ||
    job.salaryPeriod === null ||
    (job.salaryCurrency && job.salaryCurrency !== "GBP")
  )
    return "none";
  const hours = Math.min(job.hoursPerWeek ?? rules.standardWeeklyHours, rules.maxCountedWeeklyHours);
  const yearly = job.salaryPeriod === "year" ? job.salaryMin : job.salaryMin * hours * rules.weeksPerYear;
  if (yearly >= rules.generalThreshold) return "general";
  return yearly >= rules.lowerThresholds.newEntrant ? "new-entrant" : "below-new-entrant";
}
