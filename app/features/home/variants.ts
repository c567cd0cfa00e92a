import { href } from "react-router";
import type { GuideSection } from "~/features/country-guides";

/**
 * The home page per system country (spec: 14, 39, 104 styled; anything else the UK): its styling and
 * words, and what the page features from the rest of the platform (the country's guide, its visa
 * rules, its jobs). The guide is the system country's (guideOfSystemCountry), so hero and guide agree.
 */
export type HomeVariant = {
  countryId: number;
  country: string;
  /** The country as it reads after "in": "in the UK". */
  place: string;
  /** ISO 3166-1 alpha-2, as job_postings.country holds it: the jobs the home page lists. */
  jobsCountry: string;
  /** Background and left-border classes, not colours: the Content-Security-Policy refuses style attributes. */
  accentClass: string;
  accentBorderClass: string;
  headline: string;
  intro: string;
  /** The guide sections a student here most needs first (the visa details have a panel of their own). */
  guideSections: readonly GuideSection[];
  /**
   * The visa-details rules that state the main routes to work after graduating, each named by a
   * phrase of its text, in the order shown (see mainRules): the guide also dates rules that matter
   * less to a graduate, such as term-time work limits.
   */
  visaRules: readonly string[];
  /** Tools made for this country, listed before the ones every country shares. */
  tools: readonly { title: string; text: string; to: string }[];
  /** What the about page adds for this country. */
  about: string;
};

const UK: HomeVariant = {
  countryId: 226,
  country: "United Kingdom",
  place: "the UK",
  jobsCountry: "GB",
  accentClass: "bg-[#1d4ed8]",
  accentBorderClass: "border-l-[#1d4ed8]",
  headline: "Start your UK career while you study",
  intro:
    "Graduate jobs, part-time work within your visa hours, and a clear view of which employers hold a sponsor licence. Built for international students in the UK.",
  guideSections: ["job-market", "job-search", "cv", "interviews"],
  visaRules: [
    "A Graduate visa lasts",
    "Graduate visa applications made on or after 1 January 2027",
    "Skilled Worker general salary threshold",
    "New entrants to the Skilled Worker route",
  ],
  tools: [
    {
      title: "Check a sponsor licence",
      text: "See whether an employer can sponsor a Skilled Worker visa before you apply.",
      to: href("/uk-work-visa-sponsor-licence-check"),
    },
    {
      title: "Check a job offer",
      text: "Find out whether an offer's occupation and salary could qualify for sponsorship.",
      to: href("/check-a-job-offer"),
    },
    {
      title: "Find part-time work",
      text: "Roles that fit around your course and your visa's weekly hours.",
      to: href("/part-time-jobs"),
    },
  ],
  about:
    "In the UK we also show which employers hold a sponsor licence and whether a job is likely to meet the Skilled Worker rules, so that you can spend your applications where they can lead to a visa.",
};

const AU: HomeVariant = {
  countryId: 14,
  country: "Australia",
  place: "Australia",
  jobsCountry: "AU",
  accentClass: "bg-[#b45309]",
  accentBorderClass: "border-l-[#b45309]",
  headline: "Build your career in Australia",
  intro:
    "From part-time jobs during semester to skilled migration after graduation: plan your next steps in Australia with tools made for international students.",
  guideSections: ["job-market", "job-search", "cv", "internships-and-work-experience"],
  visaRules: [
    "Post-Higher Education Work stream",
    "Temporary Graduate visa applicants must be aged",
    "The Skills in Demand visa (subclass 482) replaced",
    "Points test for subclasses 189, 190 and 491",
  ],
  tools: [
    {
      title: "Estimate your migration points",
      text: "Work out your points for the 189, 190 and 491 skilled visas (log in to use it).",
      to: href("/skilled-migration-points-calculator-australia"),
    },
    {
      title: "Find part-time work",
      text: "Casual and part-time roles that respect your study load.",
      to: href("/part-time-jobs"),
    },
  ],
  about:
    "In Australia we add a skilled migration points calculator for the 189, 190 and 491 visas, and a country guide that follows the route from the Temporary Graduate visa to employer sponsorship and skilled migration.",
};

const CA: HomeVariant = {
  countryId: 39,
  country: "Canada",
  place: "Canada",
  jobsCountry: "CA",
  accentClass: "bg-[#b91c1c]",
  accentBorderClass: "border-l-[#b91c1c]",
  headline: "Launch your career in Canada",
  intro:
    "Co-op placements, part-time jobs and graduate roles, with guidance on building Canadian work experience while you study.",
  guideSections: ["job-market", "job-search", "cv", "networking"],
  visaRules: [
    "PGWP of up to 3 years",
    "PGWP applicants need approved test results",
    "no longer apply for a PGWP at a port of entry",
    "Express Entry no longer awards",
  ],
  tools: [
    {
      title: "Find part-time work",
      text: "On- and off-campus jobs that fit your study permit.",
      to: href("/part-time-jobs"),
    },
  ],
  about:
    "In Canada our country guide covers the Post-Graduation Work Permit, building Canadian work experience and the routes to permanent residence, such as Express Entry and provincial nomination.",
};

const IE: HomeVariant = {
  countryId: 104,
  country: "Ireland",
  place: "Ireland",
  jobsCountry: "IE",
  accentClass: "bg-[#15803d]",
  accentBorderClass: "border-l-[#15803d]",
  headline: "Grow your career in Ireland",
  intro: "Graduate programmes, part-time jobs and employer insights for international students studying in Ireland.",
  guideSections: ["job-market", "job-search", "cv", "networking"],
  visaRules: [
    "Stamp 1G after a level 8 award",
    "Stamp 1G after a level 9 award",
    "Critical Skills Employment Permit: minimum annual salary",
    "General Employment Permit: minimum annual salary",
  ],
  tools: [
    {
      title: "Find part-time work",
      text: "Jobs that fit the hours your student permission allows.",
      to: href("/part-time-jobs"),
    },
  ],
  about:
    "In Ireland our country guide follows the route non-EEA graduates take from Stamp 2 to Stamp 1G and an employment permit, with the salary thresholds of the Critical Skills and General Employment Permits.",
};

const VARIANTS = new Map([AU, CA, IE].map((v) => [v.countryId, v]));

export function homeVariant(systemCountryId: number): HomeVariant {
  return VARIANTS.get(systemCountryId) ?? UK;
}

export const AUSTRALIA_ID = AU.countryId;
