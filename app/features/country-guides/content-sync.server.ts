import { and, eq, notInArray, sql } from "drizzle-orm";
import { countryGuidePages } from "~/db/schema";
import { htmlToText, readingMinutes, renderMarkdown } from "~/lib/markdown.server";
import { type ContentArea, changedEntries, readFolder, upsertBySlug } from "~/features/content/index.server";
import { guidePageSchema } from "./content-schema";
import { GUIDE_COUNTRIES, GUIDE_PAGES, type GuideCountry, isGuidePage } from "./guides";

/**
 * The country guides' part of content/: country-guides/<country>/<page>.md for each country. A file
 * whose name is not one of the guide's pages is a problem; a page whose file is gone becomes a draft.
 */
export const syncCountryGuides: ContentArea = async (tx, dir, report) => {
  const present: string[] = [];
  const entries = (Object.keys(GUIDE_COUNTRIES) as GuideCountry[]).flatMap((country) => {
    const folder = readFolder(dir, `country-guides/${country}`, guidePageSchema, report.problems);
    present.push(...folder.present.map((page) => `${country}/${page}`));
    return folder.entries.flatMap((entry) => {
      if (!isGuidePage(entry.slug)) {
        report.problems.push({
          file: entry.file,
          line: 1,
          message: `a guide has no page named ${entry.slug}: the pages are ${GUIDE_PAGES.join(", ")}`,
        });
        return [];
      }
      return [{ ...entry, slug: `${country}/${entry.slug}`, country, page: entry.slug }];
    });
  });
  const changed = await changedEntries(tx, report, entries, countryGuidePages);
  await upsertBySlug(
    tx,
    countryGuidePages,
    changed.map((e) => {
      const html = renderMarkdown(e.body);
      return {
        slug: e.slug,
        sourceHash: e.hash,
        updatedAt: new Date(),
        country: e.country,
        page: e.page,
        title: e.data.title,
        summary: e.data.summary,
        bodyHtml: html,
        bodyMarkdown: e.body,
        sources: e.data.sources,
        rules: e.data.rules ?? [],
        readingMinutes: readingMinutes(htmlToText(html)),
        reviewedOn: e.data.reviewed,
        status: e.data.status ?? "published",
      };
    }),
  );
  const gone = present.length ? notInArray(countryGuidePages.slug, present) : sql`true`;
  const unpublished = await tx
    .update(countryGuidePages)
    .set({ status: "draft", sourceHash: "" })
    .where(and(eq(countryGuidePages.status, "published"), gone))
    .returning({ id: countryGuidePages.id });
  report.unpublished += unpublished.length;
};
