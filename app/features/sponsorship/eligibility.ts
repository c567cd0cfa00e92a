import { pounds } from "~/lib/money";
import type { Occupation, RuleSet } from "./rules";

export type PhdLevel = "none" | "relevant" | "stem";
export type SalaryOption = "A" | "B" | "C" | "D" | "E";

export type Offer = {
  soc: string;
  salary: number;
  salaryPeriod: "year" | "hour";
  hoursPerWeek: number;
  /** The day the certificate of sponsorship is (or would be) issued, ISO. */
  cosDate: string;
  /** Under 26, switching from a Student or Graduate visa, or in professional training: option E. */
  newEntrant: boolean;
  phd: PhdLevel;
};

/** The employer as the sponsor register has it (`rating` as the register writes it: "A", "A (Premium)", "B"); null when the offer names none. */
export type EmployerStanding = {
  name: string;
  licensed: boolean;
  skilledWorker: boolean;
  rating: string | null;
} | null;

export type Assessment = {
  eligible: boolean;
  /** The option the offer passes on (A first): null whenever it is not eligible. */
  option: SalaryOption | null;
  /** The option the salary alone meets (A first), whatever the occupation and the employer; null when it meets none. */
  salaryOption: SalaryOption | null;
  /** A year, pro-rated to the hours: what the salary's option asks, or, when it meets none, the nearest one the person could use. */
  threshold: number;
  /** The occupation's going rate, a year, pro-rated to the hours; 0 when the tables give none. */
  goingRate: number;
  generalThreshold: number;
  occupation: { code: string; title: string; table: "1" | "1a" | null; eligible: boolean };
  employer: EmployerStanding;
  /** Whether the salary rules could be applied at all (the tables give the occupation a going rate). */
  judged: boolean;
  reasons: string[];
  rules: { version: string; effectiveFrom: string; source: string };
};

const roundUp = (n: number) => Math.ceil(n * 100) / 100;

/** Why, and whether, the occupation can be sponsored on a certificate issued on `cosDate`. */
function occupationStanding(
  occupation: Occupation,
  cosDate: string,
): { eligible: boolean; onSalaryList: boolean; reasons: string[] } {
  const label = `the occupation (SOC ${occupation.code}, ${occupation.title.toLowerCase()})`;
  const conditions = occupation.conditions ? ` (${occupation.conditions})` : "";
  const salaryList = occupation.salaryList && cosDate < occupation.salaryList.removedOn ? occupation.salaryList : null;
  const listNote = salaryList
    ? [
        `It is on the Immigration Salary List (${salaryList.criteria}; ${salaryList.nations.join(", ")}) until ${salaryList.removedOn}.`,
      ]
    : [];
  if (occupation.table === "1")
    return {
      eligible: true,
      onSalaryList: !!salaryList,
      reasons: [`${capital(label)} is eligible (Table 1)${conditions}.`, ...listNote],
    };
  if (salaryList)
    return {
      eligible: true,
      onSalaryList: true,
      reasons: [`${capital(label)} is eligible through the Immigration Salary List${conditions}.`, ...listNote],
    };
  const shortage = occupation.shortageList;
  if (occupation.table === "1a" && shortage && cosDate < shortage.cosIssuedBefore) {
    const only = shortage.jobTypesOnly ? `, for these job types only: ${shortage.jobTypesOnly}` : "";
    return {
      eligible: true,
      onSalaryList: false,
      reasons: [
        `${capital(label)} is eligible through the Temporary Shortage List for certificates issued before ${shortage.cosIssuedBefore}${only}.`,
      ],
    };
  }
  if (occupation.table === "1a") {
    return {
      eligible: false,
      onSalaryList: false,
      reasons: [
        `${capital(label)} is below degree level (Table 1a): open only to people already on the Skilled Worker route before 22 July 2025${shortage ? `, or through the Temporary Shortage List for certificates issued before ${shortage.cosIssuedBefore}` : ""}.`,
      ],
    };
  }
  return {
    eligible: false,
    onSalaryList: false,
    reasons: [`${capital(label)} is not on the lists of occupations the Skilled Worker route accepts.`],
  };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Whether an offer meets the Skilled Worker rules of `rules`: the occupation, the salary under options A
 * to E (each a general threshold and a share of the going rate pro-rated to the hours, never below the
 * hourly floor; hours past the weekly maximum do not count), and the employer's licence when one is named.
 * Pure: the caller picks the rule set for the certificate's date and looks the employer up.
 */
export function assessOffer(offer: Offer, rules: RuleSet, employer: EmployerStanding): Assessment {
  const occupation = rules.occupations.get(offer.soc);
  if (!occupation) throw new Error(`SOC ${offer.soc} is not an occupation of ${rules.version}: validate it first`);
  const standing = occupationStanding(occupation, offer.cosDate);
  const reasons = [...standing.reasons];

  const counted = Math.min(offer.hoursPerWeek, rules.maxCountedWeeklyHours);
  // Pay for hours past the maximum does not count: an annual salary keeps the share for the counted hours.
  const annual =
    offer.salaryPeriod === "hour"
      ? offer.salary * counted * rules.weeksPerYear
      : (offer.salary * counted) / offer.hoursPerWeek;
  const hourly = annual / (counted * rules.weeksPerYear);
  const share = counted / rules.standardWeeklyHours;
  const prorate = (rate: number) => roundUp(rate * share);
  const hoursNote =
    offer.hoursPerWeek > rules.maxCountedWeeklyHours
      ? ` (only ${rules.maxCountedWeeklyHours} of the ${offer.hoursPerWeek} hours a week count)`
      : "";

  const base = {
    generalThreshold: rules.generalThreshold,
    occupation: {
      code: occupation.code,
      title: occupation.title,
      table: occupation.table,
      eligible: standing.eligible,
    },
    employer,
    rules: { version: rules.version, effectiveFrom: rules.effectiveFrom, source: rules.source.url },
  };

  const employerFails = employerProblem(employer);
  if (employerFails) reasons.push(employerFails);
  else if (employer) reasons.push(`The employer holds a Skilled Worker licence (${employer.rating} rating).`);

  if (!occupation.rates) {
    reasons.push(
      `The tables give this occupation no going rate (it is set on national pay scales), so the salary cannot be checked here.`,
    );
    return {
      ...base,
      eligible: false,
      option: null,
      salaryOption: null,
      threshold: rules.generalThreshold,
      goingRate: 0,
      judged: false,
      reasons,
    };
  }

  const goingRate = prorate(occupation.rates.full);
  const candidates: { option: SalaryOption; general: number; rate: number; label: string; applies: boolean }[] = [
    { option: "A", general: rules.generalThreshold, rate: goingRate, label: "the going rate", applies: true },
    {
      option: "B",
      general: rules.lowerThresholds.phdRelevant,
      rate: prorate(occupation.rates.pct90),
      label: "90% of the going rate, with a PhD relevant to the job",
      applies: offer.phd !== "none" && occupation.phdPoints,
    },
    {
      option: "C",
      general: rules.lowerThresholds.phdStem,
      rate: prorate(occupation.rates.pct80),
      label: "80% of the going rate, with a STEM PhD relevant to the job",
      applies: offer.phd === "stem" && occupation.phdPoints,
    },
    {
      option: "D",
      general: rules.lowerThresholds.salaryList,
      rate: goingRate,
      label: "the going rate, on the Immigration Salary List",
      applies: standing.onSalaryList,
    },
    {
      option: "E",
      general: rules.lowerThresholds.newEntrant,
      rate: prorate(occupation.rates.pct70),
      label: "70% of the going rate, as a new entrant",
      applies: offer.newEntrant,
    },
  ];
  const hourlyFloorAnnual = roundUp(rules.hourlyFloor * counted * rules.weeksPerYear);
  const thresholdOf = (c: (typeof candidates)[number]) => Math.max(c.general, c.rate, hourlyFloorAnnual);
  const usable = candidates.filter((c) => c.applies);
  // On pay alone: the occupation's standing and the employer are judged apart, each with its reason.
  const passing = usable.find((c) => annual >= thresholdOf(c));
  const nearest = usable.reduce((best, c) => (thresholdOf(c) < thresholdOf(best) ? c : best));
  const chosen = passing ?? nearest;
  const threshold = thresholdOf(chosen);

  const salaryText =
    offer.salaryPeriod === "hour"
      ? `${pounds(offer.salary)} an hour (${pounds(roundUp(annual))} a year)`
      : pounds(roundUp(annual));
  const weekly = `${offer.hoursPerWeek} hours a week${hoursNote}`;
  if (passing) {
    reasons.push(
      `The salary ${salaryText} meets ${passing.label} of ${pounds(threshold)} for ${weekly} (option ${passing.option}).`,
    );
    if (passing.option === "E")
      reasons.push(
        `It meets only the new-entrant rate: the general threshold of ${pounds(rules.generalThreshold)} and the full going rate of ${pounds(goingRate)} apply later.`,
      );
  } else {
    const needs = hourly < rules.hourlyFloor ? `the floor of ${pounds(rules.hourlyFloor)} an hour` : `${chosen.label}`;
    reasons.push(
      `The salary ${salaryText} is below ${needs}: option ${chosen.option} needs ${pounds(threshold)} for ${weekly}.`,
    );
    if (!offer.newEntrant) {
      const entrant = candidates.find((c) => c.option === "E")!;
      if (standing.eligible && annual >= thresholdOf(entrant))
        reasons.push(
          `A new entrant (under 26, or switching from a Student or Graduate visa) would qualify at ${pounds(thresholdOf(entrant))} (option E).`,
        );
    }
  }
  const eligible = !!passing && standing.eligible && !employerFails;
  const salaryOption = passing?.option ?? null;
  return {
    ...base,
    eligible,
    option: eligible ? salaryOption : null,
    salaryOption,
    threshold,
    goingRate,
    judged: true,
    reasons,
  };
}

function employerProblem(employer: EmployerStanding): string | null {
  if (!employer) return null;
  if (!employer.licensed)
    return `${employer.name} is not on the register of licensed sponsors, so it cannot sponsor a visa.`;
  if (!employer.skilledWorker) return `${employer.name} holds a sponsor licence, but not on the Skilled Worker route.`;
  if (!employer.rating?.startsWith("A"))
    return `${employer.name}'s Skilled Worker licence is rated ${employer.rating ?? "below A"}: only an A-rated sponsor can give new certificates of sponsorship.`;
  return null;
}

export type JobSponsorshipStatus = "likely" | "new-entrant" | "licensed-only" | "unlikely" | "unknown";

/**
 * A job's standing for the listings, from its assessment as a general offer (no PhD, not a new entrant
 * unless asked), or null when the job has no salary or no occupation to assess.
 */
export function jobStatus(
  general: Assessment | null,
  asNewEntrant: Assessment | null,
  employer: EmployerStanding,
): JobSponsorshipStatus {
  const licensed = !!employer && !employerProblem(employer);
  if (employer && !licensed) return "unlikely";
  if (!general || !general.judged) return licensed ? "licensed-only" : "unknown";
  if (general.eligible) return "likely";
  if (asNewEntrant?.eligible) return "new-entrant";
  return licensed ? "licensed-only" : "unlikely";
}
