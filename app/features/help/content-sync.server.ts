import fs from "node:fs";
import path from "node:path";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { siteEntries } from "~/db/schema";
import { htmlToText, renderMarkdown } from "~/lib/markdown.server";
import {
  type ContentArea,
  type Entry,
  changedEntries,
  readFolder,
  upsertBySlug,
} from "~/features/content/index.server";
import { type FaqFrontMatter, type RoleFrontMatter, faqSchema, roleSchema } from "./content-schema";

// The help pages' parts of content/: faq/<slug>.md and careers/<slug>.md, both in site_entries,
// told apart by `area` (the slug is "<area>/<slug>", so the two never collide).

type Row = {
  title: string;
  bodyHtml: string;
  fields: Record<string, string>;
  position: number;
  status: "published" | "draft";
};
type BodyProblem = { bodyLine: number; message: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** The body's words as a person reads them: the sanitiser escapes &, < and > in the text it gives back. */
export function plainText(html: string): string {
  return htmlToText(html).replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!);
}

/**
 * Markdown headings one level down: a role's title is the page's h2, so the role's own `##` reads as
 * an h3 (the renderer has already made a body `#` into `##`).
 */
export function headingsDown(html: string): string {
  return html.replace(/<(\/?)h([2-5])\b/g, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);
}

/** Heading anchors made unique on a page that shows several bodies: each role has its "What you will do". */
export function prefixHeadingIds(html: string, prefix: string): string {
  return html.replace(/<(h[1-6]) id="([^"]*)"/g, (_, tag: string, id: string) => `<${tag} id="${prefix}-${id}"`);
}

const HEADING = /^ {0,3}#{1,6}(?:\s|$)/;

/** The first body line (counted from 0) that is a Markdown heading, or -1. Fenced code is not Markdown. */
function headingLine(body: string): number {
  let fenced = false;
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (/^ {0,3}(```|~~~)/.test(lines[i]!)) fenced = !fenced;
    else if (!fenced && HEADING.test(lines[i]!)) return i;
  }
  return -1;
}

/** The file line of a line of the body (counted from 0): the body is what follows the front matter. */
function fileLineOf(dir: string, file: string, body: string, bodyLine: number): number {
  const source = fs.readFileSync(path.join(dir, file), "utf8").replace(/\r\n?/g, "\n");
  return source.split("\n").length - body.split("\n").length + bodyLine + 1;
}

/**
 * One area of site_entries: its folder's files checked against `schema` and then `check` (a problem
 * in the body), written when new or changed, and unpublished (kept as drafts) when their file is gone.
 */
function siteArea<S extends z.ZodType>(
  area: string,
  schema: S,
  check: (e: Entry<z.output<S>>) => BodyProblem | null,
  toRow: (e: Entry<z.output<S>>) => Row,
): ContentArea {
  return async (tx, dir, report) => {
    const folder = readFolder(dir, area, schema, report.problems);
    const entries = folder.entries.flatMap((entry) => {
      const problem = check(entry);
      if (problem) {
        report.problems.push({
          file: entry.file,
          line: fileLineOf(dir, entry.file, entry.body, problem.bodyLine),
          message: problem.message,
        });
        return [];
      }
      return [{ ...entry, slug: `${area}/${entry.slug}` }];
    });
    const changed = await changedEntries(tx, report, entries, siteEntries, eq(siteEntries.area, area));
    await upsertBySlug(
      tx,
      siteEntries,
      changed.map((e) => {
        const row = toRow(e);
        return {
          slug: e.slug,
          area,
          sourceHash: e.hash,
          updatedAt: new Date(),
          summary: "",
          ...row,
          bodyText: plainText(row.bodyHtml),
        };
      }),
    );
    const present = folder.present.map((slug) => `${area}/${slug}`);
    const gone = present.length ? notInArray(siteEntries.slug, present) : sql`true`;
    const unpublished = await tx
      .update(siteEntries)
      .set({ status: "draft", sourceHash: "" })
      .where(and(eq(siteEntries.area, area), eq(siteEntries.status, "published"), gone))
      .returning({ id: siteEntries.id });
    report.unpublished += unpublished.length;
  };
}

const emptyBody = (body: string): BodyProblem | null =>
  body.trim() ? null : { bodyLine: 0, message: "the body is empty: write it below the front matter" };

/**
 * content/faq/<slug>.md: a question and its answer. The page shows each answer under its question in a
 * category's section, so an answer has no headings of its own (they would break the page's outline).
 */
export const syncFaq: ContentArea = siteArea(
  "faq",
  faqSchema,
  (e) => {
    const empty = emptyBody(e.body);
    if (empty) return { ...empty, message: "the answer is empty: write it below the front matter" };
    const heading = headingLine(e.body);
    return heading < 0 ? null : { bodyLine: heading, message: "an answer has no headings: use paragraphs and lists" };
  },
  (e: Entry<FaqFrontMatter>) => ({
    title: e.data.question,
    bodyHtml: renderMarkdown(e.body),
    fields: { category: e.data.category, reviewed: e.data.reviewed },
    position: e.data.order ?? 100,
    status: e.data.status ?? "published",
  }),
);

/** content/careers/<slug>.md: one of the company's open roles, shown on /careers until the day after it closes. */
export const syncCareers: ContentArea = siteArea(
  "careers",
  roleSchema,
  (e) => emptyBody(e.body),
  (e: Entry<RoleFrontMatter>) => ({
    title: e.data.title,
    bodyHtml: prefixHeadingIds(headingsDown(renderMarkdown(e.body)), `role-${e.slug.slice("careers/".length)}`),
    fields: {
      team: e.data.team,
      location: e.data.location,
      type: e.data.type,
      published: e.data.published,
      ...(e.data.closes ? { closes: e.data.closes } : {}),
    },
    position: 100,
    status: e.data.status ?? "published",
  }),
);
