import { and, desc, eq, gte, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type GuideRule, type JobPosting, countryGuidePages, jobIsListed, jobPostings } from "~/db/schema";
import {
  GUIDE_COUNTRIES,
  type GuideCountry,
  type GuideSection,
  guideOfSystemCountry,
  pageTitleOf,
} from "~/features/country-guides";
import { jobResult } from "~/features/jobs/index.server";
import { type JobCardData, jobCard } from "~/features/jobs";
import { todayInLondon } from "~/lib/dates";
import { ruleSets } from "~/features/sponsorship";
import type { HomeVariant } from "./variants";
import { mainRules } from "./visas";

/** How many of the newest jobs the home page lists. */
export const HOME_JOBS = 6;

/**
 * The newest open jobs in one country (ISO 3166-1 alpha-2), newest first: open at their source and
 * not past their closing date, as job search counts them (a job whose date has gone is closed to
 * applicants before its source catches up).
 */
export function latestJobsIn(db: Db, country: string, today: string, limit = HOME_JOBS): Promise<JobPosting[]> {
  return db
    .select()
    .from(jobPostings)
    .where(
      and(
        eq(jobPostings.country, country),
        jobIsListed,
        or(isNull(jobPostings.closingDate), gte(jobPostings.closingDate, today)),
      ),
    )
    .orderBy(desc(jobPostings.postedAt), desc(jobPostings.id))
    .limit(limit);
}

export type FeaturedGuide = {
  country: GuideCountry;
  /** As it reads after "in": "the UK". */
  place: string;
  summary: string;
  sections: { page: GuideSection; title: string; summary: string }[];
};

export type VisaPanel = { country: GuideCountry; rules: GuideRule[] };

/**
 * The home page's featured guide (its overview's summary and the chosen sections, in the variant's
 * order) and visa panel (the main rules of its visa-details page), from the guide's published pages.
 * Either is null while its page is not published (a draft, or content not yet synchronised). One
 * query for the few pages wanted, without their bodies: this is the site's most requested page.
 */
export async function guideHighlights(
  db: Db,
  country: GuideCountry,
  sections: readonly GuideSection[],
  visaRules: readonly string[],
): Promise<{ guide: FeaturedGuide | null; visas: VisaPanel | null }> {
  const rows = await db
    .select({ page: countryGuidePages.page, summary: countryGuidePages.summary, rules: countryGuidePages.rules })
    .from(countryGuidePages)
    .where(
      and(
        eq(countryGuidePages.country, country),
        eq(countryGuidePages.status, "published"),
        inArray(countryGuidePages.page, ["overview", "visa-details", ...sections]),
      ),
    );
  const byPage = new Map(rows.map((r) => [r.page, r]));
  const overview = byPage.get("overview");
  const visaDetails = byPage.get("visa-details");
  return {
    guide: overview
      ? {
          country,
          place: GUIDE_COUNTRIES[country].shortName,
          summary: overview.summary,
          sections: sections.flatMap((page) => {
            const row = byPage.get(page);
            return row ? [{ page, title: pageTitleOf(page), summary: row.summary }] : [];
          }),
        }
      : null,
    visas: visaDetails && visaDetails.rules.length ? { country, rules: mainRules(visaDetails.rules, visaRules) } : null,
  };
}

export type HomeContent = { guide: FeaturedGuide | null; visas: VisaPanel | null; jobs: JobCardData[] };

/** What the home page of a variant shows beyond its words: its country's guide, visa rules and newest jobs. */
export async function homeContent(db: Db, variant: HomeVariant, now: Date): Promise<HomeContent> {
  const [highlights, jobs, [rules]] = await Promise.all([
    guideHighlights(db, guideOfSystemCountry(variant.countryId), variant.guideSections, variant.visaRules),
    latestJobsIn(db, variant.jobsCountry, todayInLondon(now)),
    ruleSets(),
  ]);
  // Only what the job cards show goes into the page.
  return { ...highlights, jobs: jobs.map((job) => jobCard(jobResult(job, rules!.occupations))) };
}

/** How long the home page's content is kept: it is the same for every visitor, and the most requested page. */
export const HOME_CONTENT_TTL_MS = 60_000;
const kept = new WeakMap<Db, Map<number, { until: number; content: Promise<HomeContent> }>>();

/**
 * `homeContent`, worked out at most once a minute for each database and variant: on the embedded
 * database its queries took about 8 ms a view, which capped the home page near 200 views a second
 * on two cores. A new job or guide edit shows within the minute.
 */
export function cachedHomeContent(db: Db, variant: HomeVariant, now: Date): Promise<HomeContent> {
  const byVariant = kept.get(db) ?? new Map<number, { until: number; content: Promise<HomeContent> }>();
  kept.set(db, byVariant);
  const hit = byVariant.get(variant.countryId);
  if (hit && now.getTime() < hit.until) return hit.content;
  const content = homeContent(db, variant, now);
  byVariant.set(variant.countryId, { until: now.getTime() + HOME_CONTENT_TTL_MS, content });
  // A failure is not kept: the next view asks again.
  content.catch(() => byVariant.get(variant.countryId)?.content === content && byVariant.delete(variant.countryId));
  return content;
}
