import { GUIDE_COUNTRIES, type GuideCountry } from "~/features/country-guides/guides";

/**
 * The e-books: each country guide typeset as one PDF (cover, contents, the overview and its thirteen
 * sections with their dated rules and official sources), made from the guide's published pages.
 */
export type Ebook = { slug: string; country: GuideCountry; title: string; summary: string };

export const EBOOKS: readonly Ebook[] = (Object.keys(GUIDE_COUNTRIES) as GuideCountry[]).map((country) => {
  const place = GUIDE_COUNTRIES[country].shortName;
  return {
    slug: `working-in-${place.toLowerCase().replaceAll(" ", "-")}-after-graduation`,
    country,
    title: `Working in ${place} after graduation`,
    summary: `The complete ${GUIDE_COUNTRIES[country].name} country guide as one PDF to keep: the job market, job search, CVs, applications, interviews, internships, self-employment, further study, networking, mentoring and the visas that let international graduates stay, each section dated and linked to its official sources.`,
  };
});

export const ebookBySlug = (slug: string): Ebook | null => EBOOKS.find((e) => e.slug === slug) ?? null;

export const AUDIENCES = { student: "A student or graduate", university: "Someone who works at a university", employer: "An employer", other: "Someone else" } as const;
export type Audience = keyof typeof AUDIENCES;

/** How long an e-book's download link works. */
export const LINK_DAYS = 7;
