import { href } from "react-router";

/** Home page styling and emphasis per system country (spec: 14, 39, 104 styled; anything else the UK). */
export type HomeVariant = {
  countryId: number;
  country: string;
  /** A background class, not a colour: the Content-Security-Policy refuses style attributes. */
  accentClass: string;
  headline: string;
  intro: string;
  highlights: { title: string; text: string; to: string }[];
};

const UK: HomeVariant = {
  countryId: 226,
  country: "United Kingdom",
  accentClass: "bg-[#1d4ed8]",
  headline: "Start your UK career while you study",
  intro:
    "Graduate jobs, part-time work within your visa hours, and a clear view of which employers hold a sponsor licence. Built for international students in the UK.",
  highlights: [
    { title: "Check a sponsor licence", text: "See whether an employer can sponsor a Skilled Worker visa before you apply.", to: href("/uk-work-visa-sponsor-licence-check") },
    { title: "Find part-time work", text: "Roles that fit around your course and your visa's weekly hours.", to: href("/part-time-jobs") },
    { title: "Read the UK country guide", text: "CVs, interviews and the Graduate Route, explained for the UK market.", to: href("/country-guide") },
  ],
};

const AU: HomeVariant = {
  countryId: 14,
  country: "Australia",
  accentClass: "bg-[#b45309]",
  headline: "Build your career in Australia",
  intro:
    "From part-time jobs during semester to skilled migration after graduation: plan your next steps in Australia with tools made for international students.",
  highlights: [
    { title: "Estimate your migration points", text: "Work out your points for the 189, 190 and 491 skilled visas.", to: href("/skilled-migration-points-calculator-australia") },
    { title: "Find part-time work", text: "Casual and part-time roles that respect your study load.", to: href("/part-time-jobs") },
    { title: "Read the Australia country guide", text: "Résumés, interviews and the Australian job market, step by step.", to: href("/country-guide") },
  ],
};

const CA: HomeVariant = {
  countryId: 39,
  country: "Canada",
  accentClass: "bg-[#b91c1c]",
  headline: "Launch your career in Canada",
  intro:
    "Co-op placements, part-time jobs and graduate roles, with guidance on building Canadian work experience while you study.",
  highlights: [
    { title: "Explore graduate jobs", text: "Roles open to international graduates across Canada.", to: href("/jobs") },
    { title: "Find part-time work", text: "On- and off-campus jobs that fit your study permit.", to: href("/part-time-jobs") },
    { title: "Read the Canada country guide", text: "Canadian-style résumés, networking and interviews.", to: href("/country-guide") },
  ],
};

const IE: HomeVariant = {
  countryId: 104,
  country: "Ireland",
  accentClass: "bg-[#15803d]",
  headline: "Grow your career in Ireland",
  intro:
    "Graduate programmes, part-time jobs and employer insights for international students studying in Ireland.",
  highlights: [
    { title: "Explore graduate jobs", text: "Opportunities with employers hiring international graduates in Ireland.", to: href("/jobs") },
    { title: "Find part-time work", text: "Jobs that fit the hours your student permission allows.", to: href("/part-time-jobs") },
    { title: "Read the Ireland country guide", text: "CVs, cover letters and interviews the Irish way.", to: href("/country-guide") },
  ],
};

const VARIANTS = new Map([AU, CA, IE].map((v) => [v.countryId, v]));

export function homeVariant(systemCountryId: number): HomeVariant {
  return VARIANTS.get(systemCountryId) ?? UK;
}

export const AUSTRALIA_ID = AU.countryId;
