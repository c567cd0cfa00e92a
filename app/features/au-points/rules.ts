/**
 * The Australian General Skilled Migration points test (Migration Regulations 1994, Schedule 6D)
 * as data. The calculator reads only this, so a change of law is a new rule set with the date it
 * took effect, not a change of code. Sources: shared/data/au-points/points-table.md.
 */

export const ENGLISH_LEVELS = ["competent", "proficient", "superior"] as const;
export const QUALIFICATIONS = ["none", "recognised", "diploma", "bachelor", "doctorate"] as const;
export const PARTNER_SITUATIONS = ["skilled", "single_or_citizen", "competent_english", "none"] as const;
export const SUBCLASSES = ["189", "190", "491"] as const;

export type EnglishLevel = (typeof ENGLISH_LEVELS)[number];
export type Qualification = (typeof QUALIFICATIONS)[number];
export type PartnerSituation = (typeof PARTNER_SITUATIONS)[number];
export type Subclass = (typeof SUBCLASSES)[number];

/** A choice of one answer among several: what the person sees and what it is worth. */
export type Choice = { label: string; points: number };
/** Years of employment from `minYears` (inclusive) up to the next band. */
export type YearBand = { minYears: number; points: number };
/** Age from `fromAge` (inclusive) up to `toAge` (exclusive). */
export type AgeBand = { fromAge: number; toAge: number; points: number };

export type RuleSet = {
  version: string;
  /** ISO date the rules took effect; invitations before it are assessed under older rules. */
  effectiveFrom: string;
  passMark: number;
  /** An applicant this old or older at invitation cannot be invited. */
  maxAgeExclusive: number;
  age: AgeBand[];
  english: Record<EnglishLevel, Choice>;
  overseasEmployment: YearBand[];
  australianEmployment: YearBand[];
  /** Overseas and Australian employment together never give more than this (item 6D51). */
  employmentCap: number;
  /** Only the highest qualification counts. */
  qualification: Record<Qualification, Choice>;
  specialistEducation: number;
  australianStudy: number;
  professionalYear: number;
  communityLanguage: number;
  regionalStudy: number;
  partner: Record<PartnerSituation, Choice>;
  /** Nomination or sponsorship points per subclass: never more than one of them applies. */
  nomination: Record<Subclass, number>;
};

/** Schedule 6D as amended by F2019L00578, in force since 16 November 2019. */
export const RULES_2019_11_16: RuleSet = {
  version: "2019-11-16",
  effectiveFrom: "2019-11-16",
  passMark: 65,
  maxAgeExclusive: 45,
  age: [
    { fromAge: 18, toAge: 25, points: 25 },
    { fromAge: 25, toAge: 33, points: 30 },
    { fromAge: 33, toAge: 40, points: 25 },
    { fromAge: 40, toAge: 45, points: 15 },
  ],
  english: {
    competent: { label: "Competent English (e.g. IELTS 6 in each band)", points: 0 },
    proficient: { label: "Proficient English (e.g. IELTS 7 in each band)", points: 10 },
    superior: { label: "Superior English (e.g. IELTS 8 in each band)", points: 20 },
  },
  overseasEmployment: [
    { minYears: 0, points: 0 },
    { minYears: 3, points: 5 },
    { minYears: 5, points: 10 },
    { minYears: 8, points: 15 },
  ],
  australianEmployment: [
    { minYears: 0, points: 0 },
    { minYears: 1, points: 5 },
    { minYears: 3, points: 10 },
    { minYears: 5, points: 15 },
    { minYears: 8, points: 20 },
  ],
  employmentCap: 20,
  qualification: {
    none: { label: "None of these", points: 0 },
    recognised: {
      label: "An award or qualification recognised by the assessing authority for your occupation",
      points: 10,
    },
    diploma: { label: "A diploma or trade qualification completed in Australia", points: 10 },
    bachelor: { label: "A Bachelor or Masters degree (Australian, or overseas of a recognised standard)", points: 15 },
    doctorate: { label: "A Doctorate (Australian, or overseas of a recognised standard)", points: 20 },
  },
  specialistEducation: 10,
  australianStudy: 5,
  professionalYear: 5,
  communityLanguage: 5,
  regionalStudy: 5,
  partner: {
    skilled: { label: "My partner is under 45, has Competent English and a suitable skills assessment", points: 10 },
    single_or_citizen: {
      label: "I have no partner, or my partner is an Australian citizen or permanent resident",
      points: 10,
    },
    competent_english: { label: "My partner has Competent English (no skills assessment)", points: 5 },
    none: { label: "My partner meets none of these", points: 0 },
  },
  nomination: { "189": 0, "190": 5, "491": 15 },
};

/** Every rule set, newest first. */
export const RULE_SETS: readonly RuleSet[] = [RULES_2019_11_16];

/** The rule set in force on an ISO date, or null before the oldest one this calculator knows. */
export function ruleSetFor(isoDate: string): RuleSet | null {
  return RULE_SETS.find((r) => r.effectiveFrom <= isoDate) ?? null;
}

export const SUBCLASS_NAMES: Record<Subclass, string> = {
  "189": "Skilled Independent (subclass 189)",
  "190": "Skilled Nominated (subclass 190)",
  "491": "Skilled Work Regional (subclass 491)",
};

/** The part of Schedule 6D behind each factor, shown with each line of the breakdown. */
export const REFERENCES = {
  age: "Schedule 6D.1",
  english: "Schedule 6D.2",
  overseasEmployment: "Schedule 6D.3",
  australianEmployment: "Schedule 6D.4",
  employmentCap: "Schedule 6D.5",
  professionalYear: "Schedule 6D.6",
  qualification: "Schedule 6D.7",
  specialistEducation: "Schedule 6D.7A",
  australianStudy: "Schedule 6D.8",
  communityLanguage: "Schedule 6D.9",
  regionalStudy: "Schedule 6D.10",
  partner: "Schedule 6D.11",
  nomination: "Schedule 6D.12 and 6D.13",
} as const;
