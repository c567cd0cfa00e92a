import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type GuideRule, countryGuidePages, siteEntries, universities } from "~/db/schema";
import { GUIDE_COUNTRIES, type GuideCountry } from "~/features/country-guides";
import { homeVariant, mainRules } from "~/features/home";
import { type Role, openRoles } from "./careers";
import type { FaqItem } from "./faq";
import type { FaqCategory, RoleType } from "./help-values";

/** Every published question of the FAQ, in each category's order (then by question). */
export async function faqItems(db: Db): Promise<FaqItem[]> {
  const rows = await db
    .select({
      slug: siteEntries.slug,
      title: siteEntries.title,
      bodyHtml: siteEntries.bodyHtml,
      bodyText: siteEntries.bodyText,
      fields: siteEntries.fields,
    })
    .from(siteEntries)
    .where(and(eq(siteEntries.area, "faq"), eq(siteEntries.status, "published")))
    .orderBy(asc(siteEntries.position), asc(siteEntries.title));
  return rows.map((r) => ({
    slug: r.slug.slice("faq/".length),
    question: r.title,
    category: r.fields.category as FaqCategory,
    answerHtml: r.bodyHtml,
    answerText: r.bodyText,
    reviewed: r.fields.reviewed ?? "",
  }));
}

/** Our roles that take applications on `today` (a UK day, YYYY-MM-DD), newest first. */
export async function currentRoles(db: Db, today: string): Promise<Role[]> {
  const rows = await db
    .select({
      slug: siteEntries.slug,
      title: siteEntries.title,
      bodyHtml: siteEntries.bodyHtml,
      fields: siteEntries.fields,
    })
    .from(siteEntries)
    .where(and(eq(siteEntries.area, "careers"), eq(siteEntries.status, "published")));
  const roles = rows.map((r) => ({
    slug: r.slug.slice("careers/".length),
    title: r.title,
    team: r.fields.team ?? "",
    location: r.fields.location ?? "",
    type: r.fields.type as RoleType,
    published: r.fields.published ?? "",
    closes: r.fields.closes ?? null,
    bodyHtml: r.bodyHtml,
  }));
  return openRoles(roles, today);
}

export type PartnerUniversity = { id: number; name: string; logoUrl: string | null; micrositeHost: string | null };

/** The universities on the platform, by name: each a partner (a campus is listed as its own). */
export function partnerUniversities(db: Db): Promise<PartnerUniversity[]> {
  return db
    .select({
      id: universities.id,
      name: universities.name,
      logoUrl: universities.logoUrl,
      micrositeHost: universities.micrositeHost,
    })
    .from(universities)
    .orderBy(asc(universities.name), asc(universities.id));
}

export type VisaHighlights = { country: GuideCountry; reviewedOn: string; rules: GuideRule[] };

/**
 * The main dated rules of each country guide's visa-details page: the same picks the home page of
 * that country shows (home/variants.ts), so a rule reworded in the guide is caught by one test.
 * One query, without the pages' bodies; a country whose page is not published is left out.
 */
export async function visaHighlights(db: Db): Promise<Partial<Record<GuideCountry, VisaHighlights>>> {
  const rows = await db
    .select({
      country: countryGuidePages.country,
      rules: countryGuidePages.rules,
      reviewedOn: countryGuidePages.reviewedOn,
    })
    .from(countryGuidePages)
    .where(
      and(
        eq(countryGuidePages.page, "visa-details"),
        eq(countryGuidePages.status, "published"),
        inArray(countryGuidePages.country, Object.keys(GUIDE_COUNTRIES)),
      ),
    );
  const result: Partial<Record<GuideCountry, VisaHighlights>> = {};
  for (const row of rows) {
    const country = row.country as GuideCountry;
    result[country] = {
      country,
      reviewedOn: row.reviewedOn,
      rules: mainRules(row.rules, homeVariant(GUIDE_COUNTRIES[country].countryId).visaRules),
    };
  }
  return result;
}
