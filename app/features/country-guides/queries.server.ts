import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { computeAccessState, decide } from "~/features/access";
import { type CountryGuidePage, countryGuidePages } from "~/db/schema";
import {
  GUIDE_COUNTRIES,
  GUIDE_PAGES,
  type GuideCountry,
  type GuidePage,
  guardOfPage,
  isGuideCountry,
  isGuidePage,
  pageTitleOf,
} from "./guides";

export type GuideLink = { page: GuidePage; title: string; summary: string };

/** A guide's published pages in reading order. */
export async function pagesOf(db: Db, country: GuideCountry): Promise<CountryGuidePage[]> {
  const rows = await db
    .select()
    .from(countryGuidePages)
    .where(and(eq(countryGuidePages.country, country), eq(countryGuidePages.status, "published")));
  return rows.sort((a, b) => GUIDE_PAGES.indexOf(a.page as GuidePage) - GUIDE_PAGES.indexOf(b.page as GuidePage));
}

const linkOf = (p: CountryGuidePage): GuideLink => ({
  page: p.page as GuidePage,
  title: pageTitleOf(p.page as GuidePage),
  summary: p.summary,
});

const VISITOR = computeAccessState({ user: null, microsite: null });
/** A page anyone may read: its own address opens to a visitor of the main site. */
const isPublicPage = (page: GuidePage) => decide(guardOfPage(page), VISITOR).kind === "open";

/**
 * A guide as anyone may have it, away from its pages' guards (the e-book): the public pages whole,
 * and of the others only what the guide's index and the home page show everyone, their title and summary.
 */
export function publicPart(pages: CountryGuidePage[]): { open: CountryGuidePage[]; closed: GuideLink[] } {
  return {
    open: pages.filter((p) => isPublicPage(p.page as GuidePage)),
    closed: pages.filter((p) => !isPublicPage(p.page as GuidePage)).map(linkOf),
  };
}

/** Every country with a published overview, with its summary and how many sections it has. */
export async function guideIndex(db: Db) {
  const rows = await db
    .select({
      country: countryGuidePages.country,
      page: countryGuidePages.page,
      summary: countryGuidePages.summary,
      reviewedOn: countryGuidePages.reviewedOn,
    })
    .from(countryGuidePages)
    .where(eq(countryGuidePages.status, "published"));
  return (Object.keys(GUIDE_COUNTRIES) as GuideCountry[]).flatMap((country) => {
    const own = rows.filter((r) => r.country === country);
    const overview = own.find((r) => r.page === "overview");
    if (!overview) return [];
    return [
      {
        country,
        name: GUIDE_COUNTRIES[country].name,
        summary: overview.summary,
        sections: own.length - 1,
        reviewedOn: own
          .map((r) => r.reviewedOn)
          .sort()
          .at(-1)!,
      },
    ];
  });
}

/**
 * One page of a guide, with the guide's index and the pages before and after it; an unknown
 * country or page, or a draft, answers 404.
 */
export async function guidePage(db: Db, country: string, page: string) {
  if (!isGuideCountry(country) || !isGuidePage(page)) throw data(null, { status: 404 });
  const all = await pagesOf(db, country);
  const at = all.findIndex((p) => p.page === page);
  if (at < 0) throw data(null, { status: 404 });
  const neighbour = (p: CountryGuidePage | undefined) => (p ? linkOf(p) : null);
  return {
    country,
    name: GUIDE_COUNTRIES[country].name,
    current: all[at]!,
    pages: all.map(linkOf),
    previous: neighbour(all[at - 1]),
    next: neighbour(all[at + 1]),
  };
}
