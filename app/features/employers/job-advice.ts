import { type EmployerStanding, type RuleSet, assessOffer } from "~/features/sponsorship";
import type { JobTerms } from "~/features/jobs";
import { pounds } from "~/lib/money";

/** Whole pounds, rounded up: a shortfall met to the penny still needs the last pound. */
const upToPound = (n: number) => Math.ceil(n - 1e-9);
const upToPenny = (n: number) => Math.ceil(n * 100 - 1e-6) / 100;

/**
 * What would change a job's sponsorship verdict, in the employer's words: the licence the organisation
 * lacks, the occupation or salary not given, or how much more the bottom of the salary range needs to
 * meet the rule that binds (the going rate, the general threshold or the hourly floor) for any
 * applicant, not only a new entrant. Empty when the job meets the rules as it stands. Pure: the
 * caller gives the rules of today and the organisation's register standing, as for `jobVerdict`.
 */
export function verdictAdvice(job: JobTerms, rules: RuleSet, employer: EmployerStanding, today: string): string[] {
  const advice: string[] = [];
  if (employer && !(employer.licensed && employer.skilledWorker && employer.rating?.startsWith("A")))
    advice.push(
      `${employer.name} needs an A-rated Skilled Worker sponsor licence before any of its jobs can be sponsored.`,
    );
  if (job.country !== "GB") return [...advice, "Only a job in the UK can be sponsored on a Skilled Worker visa."];
  const occupation = job.socCode ? rules.occupations.get(job.socCode) : undefined;
  if (!occupation)
    return [...advice, "Choose the job's occupation (its SOC 2020 code) to have the occupation and salary checked."];
  if (job.salaryMin === null || job.salaryPeriod === null)
    return [...advice, "Give the salary as figures to have it checked against the going rate."];
  if (job.salaryCurrency && job.salaryCurrency !== "GBP")
    return [...advice, "Give the salary in pounds: the rules are set in pounds."];
  const hours = job.hoursPerWeek ?? rules.standardWeeklyHours;
  const offer = {
    soc: occupation.code,
    salary: job.salaryMin,
    salaryPeriod: job.salaryPeriod,
    hoursPerWeek: hours,
    cosDate: today,
    phd: "none" as const,
    newEntrant: false,
  };
  const general = assessOffer(offer, rules, employer);
  if (!general.occupation.eligible)
    return [
      ...advice,
      `SOC ${occupation.code} (${occupation.title.toLowerCase()}) is not an occupation the Skilled Worker route accepts today: no salary changes that.`,
    ];
  if (!general.judged) return advice;
  if (job.hoursPerWeek === null)
    advice.push(`Give the weekly hours: without them the job is judged at ${rules.standardWeeklyHours} hours a week.`);
  if (general.salaryOption !== null) return advice;

  const counted = Math.min(hours, rules.maxCountedWeeklyHours);
  const threshold = general.threshold;
  const floor = upToPenny(rules.hourlyFloor * counted * rules.weeksPerYear);
  const rule =
    threshold === general.goingRate
      ? `the going rate of ${pounds(threshold)} for ${occupation.code}`
      : threshold === floor
        ? `the floor of ${pounds(rules.hourlyFloor)} an hour for ${occupation.code}`
        : `the general threshold of ${pounds(threshold)} for ${occupation.code} (its going rate, ${pounds(general.goingRate)}, is lower)`;
  if (job.salaryPeriod === "hour") {
    const needed = threshold / (counted * rules.weeksPerYear);
    advice.push(`${pounds(upToPenny(needed - job.salaryMin))} more an hour would meet ${rule}.`);
  } else {
    // A year's pay counts only for the counted hours: the salary needed scales back up to all of them.
    const needed = (threshold * hours) / counted;
    advice.push(`${pounds(upToPound(needed - job.salaryMin))} more a year would meet ${rule}.`);
  }
  return advice;
}
