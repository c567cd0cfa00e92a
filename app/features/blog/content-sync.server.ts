import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type SQL, and, eq, getTableColumns, notInArray, sql } from "drizzle-orm";
import type { AnyPgColumn, PgInsertValue } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { blogAuthors, blogCategories, blogPosts, caseStudies, successStories } from "~/db/schema";
import { SLUG, authorSchema, caseStudySchema, categorySchema, postSchema, successStorySchema } from "./content-schema";
import { FrontMatterError, parseFrontMatter } from "./front-matter";
import { htmlToText, readingMinutes, renderMarkdown } from "./markdown.server";

export type SyncProblem = { file: string; line: number; message: string };
export type SyncReport = { created: number; updated: number; unchanged: number; unpublished: number; problems: SyncProblem[] };

type Entry<T> = { slug: string; file: string; hash: string; data: T; body: string; lineOf(path: PropertyKey[]): number };
type Folder<T> = { entries: Entry<T>[]; /** Every slug with a file, malformed ones included: those are left as they are. */ present: string[] };

function readFolder<S extends z.ZodType>(dir: string, name: string, schema: S, problems: SyncProblem[]): Folder<z.output<S>> {
  const folder = path.join(dir, name);
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith(".md")).sort() : [];
  const result: Folder<z.output<S>> = { entries: [], present: [] };
  for (const fileName of files) {
    const file = `${name}/${fileName}`;
    const slug = fileName.slice(0, -3);
    result.present.push(slug);
    const problem = (line: number, message: string) => problems.push({ file, line, message });
    if (!SLUG.test(slug)) {
      problem(1, "the file name must be a slug: lower-case letters, digits and single hyphens, then .md");
      continue;
    }
    const source = fs.readFileSync(path.join(folder, fileName), "utf8");
    let fm;
    try {
      fm = parseFrontMatter(source);
    } catch (e) {
      if (!(e instanceof FrontMatterError)) throw e;
      problem(e.line, e.message);
      continue;
    }
    const parsed = schema.safeParse(fm.data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join(".");
        const message = issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : `${field || "front matter"}: ${issue.message}`;
        problem(fm.lineOf(issue.path), message);
      }
      continue;
    }
    const hash = createHash("sha256").update(source).digest("base64url");
    result.entries.push({ slug, file, hash, data: parsed.data, body: fm.body, lineOf: fm.lineOf });
  }
  return result;
}

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
      !categories.has(p.data.category) && { key: "category", message: `category: no category file categories/${p.data.category}.md` },
    ].filter((m) => m !== false);
    for (const m of missing) problems.push({ file: p.file, line: p.lineOf([m.key]), message: m.message });
    return missing.length === 0;
  });
}

/**
 * Makes the database show what content/ holds. Idempotent; runs in one transaction, so a reader sees
 * the old content or the new, never a mixture. Malformed files are reported and their entries left as
 * they were; entries whose file is gone are unpublished (kept as drafts, or made inactive).
 */
export async function syncContent(db: Db, dir: string): Promise<SyncReport> {
  const problems: SyncProblem[] = [];
  const authors = readFolder(dir, "authors", authorSchema, problems);
  const categories = readFolder(dir, "categories", categorySchema, problems);
  const posts = readFolder(dir, "posts", postSchema, problems);
  const stories = readFolder(dir, "success-stories", successStorySchema, problems);
  const studies = readFolder(dir, "case-studies", caseStudySchema, problems);
  checkReferences(posts, new Set(authors.entries.map((a) => a.slug)), new Set(categories.entries.map((c) => c.slug)), problems);

  const report: SyncReport = { created: 0, updated: 0, unchanged: 0, unpublished: 0, problems };
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL server take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content-sync'))`);

    /** The entries whose file is new or changed, counted; only these are rendered and written. */
    const changed = async <T>(entries: Entry<T>[], table: SyncedTable, where?: SQL) => {
      const known = new Map((await tx.select({ slug: table.slug, hash: table.sourceHash }).from(table).where(where)).map((r) => [r.slug, r.hash]));
      return entries.filter((e) => {
        const hash = known.get(e.slug);
        if (hash === e.hash) report.unchanged++;
        else if (hash === undefined) report.created++;
        else report.updated++;
        return hash !== e.hash;
      });
    };
    const synced = (e: { slug: string; hash: string }) => ({ slug: e.slug, sourceHash: e.hash, updatedAt: new Date() });

    await upsertBySlug(
      tx,
      blogAuthors,
      (await changed(authors.entries, blogAuthors)).map((a) => ({ ...synced(a), ...a.data, bioHtml: renderMarkdown(a.body), active: true })),
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
    await unpublish(tx.update(blogAuthors).set({ active: false, sourceHash: "" }).where(and(eq(blogAuthors.active, true), gone(authors.present, blogAuthors.slug))).returning({ id: blogAuthors.id }));
    await unpublish(tx.update(blogCategories).set({ active: false, sourceHash: "" }).where(and(eq(blogCategories.active, true), gone(categories.present, blogCategories.slug))).returning({ id: blogCategories.id }));
    await unpublish(tx.update(blogPosts).set({ status: "draft", sourceHash: "" }).where(and(eq(blogPosts.status, "published"), gone(posts.present, blogPosts.slug))).returning({ id: blogPosts.id }));
    await unpublish(tx.update(caseStudies).set({ status: "draft", sourceHash: "" }).where(and(eq(caseStudies.status, "published"), gone(studies.present, caseStudies.slug))).returning({ id: caseStudies.id }));
    await unpublish(
      tx
        .update(successStories)
        .set({ status: "withdrawn", sourceHash: "" })
        .where(and(fromContent, eq(successStories.status, "approved"), gone(stories.present, successStories.slug)))
        .returning({ id: successStories.id }),
    );
  });
  return report;
}

type SyncedTable = typeof blogAuthors | typeof blogCategories | typeof blogPosts | typeof successStories | typeof caseStudies;

/** One INSERT … ON CONFLICT (slug) DO UPDATE for all the rows of a kind, each column taken from the row sent. */
async function upsertBySlug<T extends SyncedTable>(tx: Pick<Db, "insert">, table: T, rows: (PgInsertValue<T> & { slug: string })[]) {
  if (!rows.length) return;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const set = Object.fromEntries(
    Object.keys(rows[0]!)
      .filter((key) => key !== "slug")
      .map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]),
  );
  // Checked where the rows are built; TypeScript cannot follow the generic table through insert().
  await tx
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({ target: table.slug, set: set as never });
}

export function formatReport(r: SyncReport): string {
  const head = `Content: ${r.created} new, ${r.updated} updated, ${r.unchanged} unchanged, ${r.unpublished} unpublished.`;
  if (!r.problems.length) return head;
  const lines = r.problems.map((p) => `  content/${p.file}:${p.line}: ${p.message}`);
  return `${head}\n${r.problems.length} problem${r.problems.length > 1 ? "s" : ""}, those files were left as they were:\n${lines.join("\n")}`;
}
