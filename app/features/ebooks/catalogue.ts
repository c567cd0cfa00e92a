import { GUIDE_COUNTRIES, type GuideCountry } from "~/features/country-guides";

/**
 * The e-books: each country guide's public part typeset as one PDF (cover, contents, the overview
 * with its dated rules and official sources, then what each section covers and where it is on the
 * site), made from the guide's published pages. The sections themselves stay behind their guard.
 */
export type Ebook = { slug: string; country: GuideCountry; title: string; summary: string };

export const EBOOKS: readonly Ebook[] = (Object.keys(GUIDE_COUNTRIES) as GuideCountry[]).map((country) => {
  const place = GUIDE_COUNTRIES[country].shortName;
  return {
    slug: `working-in-${place.toLowerCase().replaceAll(" ", "-")}-after-graduation`,
    country,
    title: `Working in ${place} after graduation`,
    summary: `The overview of our ${GUIDE_COUNTRIES[country].name} country guide as a PDF to keep: the routes that let international graduates stay and work, the dated rules behind them and their official sources, and what each of the guide's sections on the site covers.`,
  };
});

export const ebookBySlug = (slug: string): Ebook | null => EBOOKS.find((e) => e.slug === slug) ?? null;

export const AUDIENCES = {
  student: "A student or graduate",
  university: "Someone who works at a university",
  employer: "An employer",
  other: "Someone else",
} as const;
export type Audience = keyof typeof AUDIENCES;

/** How long an e-book's download link works. */
export const LINK_DAYS = 7;
