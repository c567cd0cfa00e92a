import { type SQL, and, eq, notInArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { blogAuthors, blogCategories, blogPosts, caseStudies, successStories } from "~/db/schema";
import {
  type ContentArea,
  type Entry,
  type Folder,
  type SluggedTable,
  type SyncProblem,
  changedEntries,
  readFolder,
  upsertBySlug,
} from "~/features/content/index.server";
import { authorSchema, caseStudySchema, categorySchema, postSchema, successStorySchema } from "./content-schema";
import { htmlToText, readingMinutes, renderMarkdown } from "~/lib/markdown.server";

/** Posts whose author or category has no valid file are reported and left out, like malformed files. */
function checkReferences(
  posts: Folder<z.output<typeof postSchema>>,
  authors: Set<string>,
  categories: Set<string>,
  problems: SyncProblem[],
) {
  posts.entries = posts.entries.filter((p) => {
    const missing = [
      !authors.has(p.data.author) && { key: "author", message: `author: no author file authors/${p.data.author}.md` },
      !categories.has(p.data.category) && {
        key: "category",
        message: `category: no category file categories/${p.data.category}.md`,
      },
    ].filter((m) => m !== false);
    for (const m of missing) problems.push({ file: p.file, line: p.lineOf([m.key]), message: m.message });
    return missing.length === 0;
  });
}

/**
 * The blog's part of content/: authors, categories, posts, success stories and case studies. An entry
 * whose file is gone is unpublished (kept as a draft, or made inactive).
 */
export const syncBlog: ContentArea = async (tx, dir, report) => {
  const problems = report.problems;
  const authors = readFolder(dir, "authors", authorSchema, problems);
  const categories = readFolder(dir, "categories", categorySchema, problems);
  const posts = readFolder(dir, "posts", postSchema, problems);
  const stories = readFolder(dir, "success-stories", successStorySchema, problems);
  const studies = readFolder(dir, "case-studies", caseStudySchema, problems);
  checkReferences(
    posts,
    new Set(authors.entries.map((a) => a.slug)),
    new Set(categories.entries.map((c) => c.slug)),
    problems,
  );

  const changed = <T>(entries: Entry<T>[], table: SluggedTable, where?: SQL) =>
    changedEntries(tx, report, entries, table, where);
  const synced = (e: { slug: string; hash: string }) => ({ slug: e.slug, sourceHash: e.hash, updatedAt: new Date() });

  await upsertBySlug(
    tx,
    blogAuthors,
    (await changed(authors.entries, blogAuthors)).map((a) => ({
      ...synced(a),
      ...a.data,
      bioHtml: renderMarkdown(a.body),
      active: true,
    })),
  );
  await upsertBySlug(
    tx,
    blogCategories,
    (await changed(categories.entries, blogCategories)).map((c) => ({
      ...synced(c),
      name: c.data.name,
      description: c.data.description,
      position: c.data.order ?? 100,
      active: true,
    })),
  );

  const idsOf = async (table: typeof blogAuthors | typeof blogCategories) =>
    new Map((await tx.select({ slug: table.slug, id: table.id }).from(table)).map((r) => [r.slug, r.id]));
  const [authorIds, categoryIds] = [await idsOf(blogAuthors), await idsOf(blogCategories)];
  await upsertBySlug(
    tx,
    blogPosts,
    (await changed(posts.entries, blogPosts)).map((p) => {
      const d = p.data;
      const html = renderMarkdown(p.body);
      const text = htmlToText(html);
      return {
        ...synced(p),
        title: d.title,
        summary: d.summary,
        bodyHtml: html,
        authorId: authorIds.get(d.author)!,
        categoryId: categoryIds.get(d.category)!,
        tags: d.tags ?? [],
        status: d.status ?? "published",
        coverImage: d.cover ?? null,
        coverAlt: d.coverAlt ?? null,
        publishedOn: d.published,
        revisedOn: d.updated ?? null,
        seoTitle: d.seoTitle ?? null,
        seoDescription: d.seoDescription ?? null,
        readingMinutes: readingMinutes(text),
        search: sql`setweight(to_tsvector('english', ${d.title}), 'A')
          || setweight(to_tsvector('english', ${[d.summary, ...(d.tags ?? [])].join(" ")}), 'B')
          || setweight(to_tsvector('english', ${text}), 'C')`,
      };
    }),
  );

  const fromContent = eq(successStories.source, "content");
  await upsertBySlug(
    tx,
    successStories,
    (await changed(stories.entries, successStories, fromContent)).map(({ data: { published, ...d }, ...s }) => ({
      ...synced(s),
      ...d,
      source: "content" as const,
      publishedOn: published,
      storyHtml: renderMarkdown(s.body),
      status: "approved" as const,
      consentToPublish: true,
    })),
  );
  await upsertBySlug(
    tx,
    caseStudies,
    (await changed(studies.entries, caseStudies)).map((c) => ({
      ...synced(c),
      title: c.data.title,
      university: c.data.university,
      summary: c.data.summary,
      bodyHtml: renderMarkdown(c.body),
      metrics: c.data.metrics ?? [],
      publishedOn: c.data.published,
      status: c.data.status ?? "published",
    })),
  );

  // Entries whose file is gone. The hash is cleared so the file's return counts as a change.
  const gone = (present: string[], slug: AnyPgColumn) => (present.length ? notInArray(slug, present) : sql`true`);
  const unpublish = async (rows: Promise<unknown[]>) => void (report.unpublished += (await rows).length);
  await unpublish(
    tx
      .update(blogAuthors)
      .set({ active: false, sourceHash: "" })
      .where(and(eq(blogAuthors.active, true), gone(authors.present, blogAuthors.slug)))
      .returning({ id: blogAuthors.id }),
  );
  await unpublish(
    tx
      .update(blogCategories)
      .set({ active: false, sourceHash: "" })
      .where(and(eq(blogCategories.active, true), gone(categories.present, blogCategories.slug)))
      .returning({ id: blogCategories.id }),
  );
  await unpublish(
    tx
      .update(blogPosts)
      .set({ status: "draft", sourceHash: "" })
      .where(and(eq(blogPosts.status, "published"), gone(posts.present, blogPosts.slug)))
      .returning({ id: blogPosts.id }),
  );
  await unpublish(
    tx
      .update(caseStudies)
      .set({ status: "draft", sourceHash: "" })
      .where(and(eq(caseStudies.status, "published"), gone(studies.present, caseStudies.slug)))
      .returning({ id: caseStudies.id }),
  );
  await unpublish(
    tx
      .update(successStories)
      .set({ status: "withdrawn", sourceHash: "" })
      .where(and(fromContent, eq(successStories.status, "approved"), gone(stories.present, successStories.slug)))
      .returning({ id: successStories.id }),
  );
};
