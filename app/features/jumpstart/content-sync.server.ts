import { and, eq, notInArray, sql } from "drizzle-orm";
import { jumpstartArticles } from "~/db/schema";
import { ARTICLE_LISTS } from "~/db/schema/jumpstart";
import { htmlToText, readingMinutes, renderMarkdown } from "~/lib/markdown.server";
import { type ContentArea, changedEntries, readFolder, upsertBySlug } from "~/features/content/index.server";
import { articleSchema } from "./content-schema";

/**
 * The pre-departure area's part of content/: jumpstart/<list>/<slug>.md for each list. A slug is
 * an article's address in its list and unique across them (a second file of a slug is a problem);
 * an article whose file is gone becomes a draft.
 */
export const syncJumpstart: ContentArea = async (tx, dir, report) => {
  const seen = new Set<string>();
  const present: string[] = [];
  const entries = ARTICLE_LISTS.flatMap((list) => {
    const folder = readFolder(dir, `jumpstart/${list}`, articleSchema, report.problems);
    present.push(...folder.present);
    return folder.entries.flatMap((entry) => {
      if (seen.has(entry.slug)) {
        report.problems.push({
          file: entry.file,
          line: 1,
          message: `another list has an article named ${entry.slug}: file names are unique across content/jumpstart`,
        });
        return [];
      }
      seen.add(entry.slug);
      return [{ ...entry, list }];
    });
  });
  const changed = await changedEntries(tx, report, entries, jumpstartArticles);
  await upsertBySlug(
    tx,
    jumpstartArticles,
    changed.map((e) => {
      const html = renderMarkdown(e.body);
      return {
        slug: e.slug,
        sourceHash: e.hash,
        updatedAt: new Date(),
        list: e.list,
        title: e.data.title,
        summary: e.data.summary,
        bodyHtml: html,
        position: e.data.order ?? 100,
        readingMinutes: readingMinutes(htmlToText(html)),
        status: e.data.status ?? "published",
        publishedOn: e.data.published,
        revisedOn: e.data.updated ?? null,
      };
    }),
  );
  const gone = present.length ? notInArray(jumpstartArticles.slug, present) : sql`true`;
  const unpublished = await tx
    .update(jumpstartArticles)
    .set({ status: "draft", sourceHash: "" })
    .where(and(eq(jumpstartArticles.status, "published"), gone))
    .returning({ id: jumpstartArticles.id });
  report.unpublished += unpublished.length;
};
