// Types only: the route table imports this module before the "~" alias exists.
import type { GuardKind } from "~/features/access";

/**
 * The country guides: a guide a country, each an overview anyone can read and thirteen sections
 * for students whose university includes the guides (spec section 2). Addresses are the spec's,
 * misspelling included.
 */

export const GUIDE_SECTIONS = {
  "job-market": "Job market",
  "job-search": "Job search",
  cv: "CV",
  "application-cover-letter": "Application and cover letter",
  interviews: "Interviews",
  fellowship: "Fellowships",
  "internships-and-work-experience": "Internships and work experience",
  enterpreneurship: "Entrepreneurship",
  "freelancing-and-self-employment": "Freelancing and self-employment",
  "higher-education": "Higher education",
  networking: "Networking",
  "mentoring-and-professional-coaching": "Mentoring and professional coaching",
  "visa-details": "Visa details",
} as const;

export type GuideSection = keyof typeof GUIDE_SECTIONS;
/** A guide's pages in reading order: the overview, then the sections. */
export const GUIDE_PAGES = ["overview", ...(Object.keys(GUIDE_SECTIONS) as GuideSection[])] as const;
export type GuidePage = (typeof GUIDE_PAGES)[number];

/** The guides' countries: their address, name and system country id (the home page's variants). */
export const GUIDE_COUNTRIES = {
  uk: { name: "United Kingdom", shortName: "the UK", countryId: 226 },
  australia: { name: "Australia", shortName: "Australia", countryId: 14 },
  canada: { name: "Canada", shortName: "Canada", countryId: 39 },
  ireland: { name: "Ireland", shortName: "Ireland", countryId: 104 },
} as const;

export type GuideCountry = keyof typeof GUIDE_COUNTRIES;

export const isGuideCountry = (slug: string): slug is GuideCountry => Object.hasOwn(GUIDE_COUNTRIES, slug);
export const isGuidePage = (slug: string): slug is GuidePage => (GUIDE_PAGES as readonly string[]).includes(slug);
export const pageTitleOf = (page: GuidePage) => (page === "overview" ? "Overview" : GUIDE_SECTIONS[page]);

/** The guard of a page's address (the route table's): the overview is guard A, each section needs the country guide flag. */
export const guardOfPage = (page: GuidePage): GuardKind => (page === "overview" ? "A" : "country-guide-section");

/** The guide of a system country (the home page's featured guide); the UK's for any other value. */
export const guideOfSystemCountry = (countryId: number): GuideCountry =>
  (Object.entries(GUIDE_COUNTRIES).find(([, c]) => c.countryId === countryId)?.[0] as GuideCountry | undefined) ?? "uk";

/** The guides' index page in a sentence: its introduction and its description for search engines. */
export const GUIDES_INTRO =
  "Working after your studies, country by country: the job market, how people find jobs, CVs, interviews and the visas that let you stay.";
