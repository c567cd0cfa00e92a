import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type SQL, getTableColumns, sql } from "drizzle-orm";
import type { AnyPgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { contentSync } from "~/db/schema";
import { FrontMatterError, type FrontMatter, parseFrontMatter } from "./front-matter";
import { SLUG } from "./schema";

// The content/ folder's synchronisation, which each area (the blog, the career videos) plugs into.

export type SyncProblem = { file: string; line: number; message: string };
export type SyncReport = {
  created: number;
  updated: number;
  unchanged: number;
  unpublished: number;
  problems: SyncProblem[];
};

export type Entry<T> = {
  slug: string;
  file: string;
  hash: string;
  data: T;
  body: string;
  frontMatter: FrontMatter;
  lineOf(path: PropertyKey[]): number;
};
export type Folder<T> = {
  entries: Entry<T>[];
  /** Every slug with a file, malformed ones included: those are left as they are. */
  present: string[];
};

/**
 * An area's part of a synchronisation: it reads its folders of `dir`, reports each problem by file
 * and line, and writes its entries in `tx`, counting them in `report`.
 */
export type ContentArea = (tx: Db, dir: string, report: SyncReport) => Promise<void>;

/** The Markdown files of a folder of `dir`, each checked against `schema`; a malformed one is a problem, not an entry. */
export function readFolder<S extends z.ZodType>(
  dir: string,
  name: string,
  schema: S,
  problems: SyncProblem[],
): Folder<z.output<S>> {
  const folder = path.join(dir, name);
  const files = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((f) => f.endsWith(".md") && f !== "README.md")
        .sort()
    : [];
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
        const message =
          issue.code === "unrecognized_keys"
            ? `unknown field ${issue.keys.join(", ")}`
            : `${field || "front matter"}: ${issue.message}`;
        problem(fm.lineOf(issue.path), message);
      }
      continue;
    }
    const hash = createHash("sha256").update(source).digest("base64url");
    result.entries.push({ slug, file, hash, data: parsed.data, body: fm.body, frontMatter: fm, lineOf: fm.lineOf });
  }
  return result;
}

export type SluggedTable = PgTable & { slug: AnyPgColumn; sourceHash: AnyPgColumn };

/**
 * The entries whose file is new or changed (by the hash of their file, or `hashOf` when the entry
 * depends on more than its file), counted in `report`: only these are rendered and written.
 */
export async function changedEntries<E extends Entry<unknown>>(
  tx: Db,
  report: SyncReport,
  entries: E[],
  table: SluggedTable,
  where?: SQL,
  hashOf = (e: E) => e.hash,
): Promise<E[]> {
  const known = new Map(
    (
      await tx
        .select({ slug: table.slug, hash: table.sourceHash })
        .from(table as PgTable)
        .where(where)
    ).map((r) => [r.slug as string, r.hash as string]),
  );
  return entries.filter((e) => {
    const hash = known.get(e.slug);
    if (hash === hashOf(e)) report.unchanged++;
    else if (hash === undefined) report.created++;
    else report.updated++;
    return hash !== hashOf(e);
  });
}

/** One INSERT … ON CONFLICT (slug) DO UPDATE for all the rows of a kind, each column taken from the row sent. */
export async function upsertBySlug<T extends SluggedTable>(
  tx: Pick<Db, "insert">,
  table: T,
  rows: (PgInsertValue<T> & { slug: string })[],
) {
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

/** Every file under `dir` (its name and bytes) and the areas that read them: what a synchronisation depends on. */
function fingerprintOf(dir: string, areas: readonly ContentArea[]): string {
  const hash = createHash("sha256").update(areas.map((area) => area.name).join(","));
  const files = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort() : [];
  for (const file of files) {
    const full = path.join(dir, file);
    if (fs.statSync(full).isFile()) hash.update(`\0${file}\0`).update(fs.readFileSync(full));
  }
  return hash.digest("base64url");
}

/**
 * Makes the database show what content/ holds. Idempotent; runs in one transaction, so a reader sees
 * the old content or the new, never a mixture. Malformed files are reported and their entries left as
 * they were; entries whose file is gone are unpublished (kept as drafts, or made inactive).
 *
 * The folder's fingerprint is kept with what was synced: with `skipUnchanged` (a server's start), the
 * same fingerprint again reads no entry and writes nothing, and the report counts nothing.
 */
export async function syncContent(
  db: Db,
  dir: string,
  areas: readonly ContentArea[],
  { skipUnchanged = false }: { skipUnchanged?: boolean } = {},
): Promise<SyncReport> {
  const report: SyncReport = { created: 0, updated: 0, unchanged: 0, unpublished: 0, problems: [] };
  const fingerprint = fingerprintOf(dir, areas);
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL server take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content-sync'))`);
    if (skipUnchanged) {
      const [last] = await tx.select({ fingerprint: contentSync.fingerprint }).from(contentSync);
      if (last?.fingerprint === fingerprint) return;
    }
    for (const area of areas) await area(tx as unknown as Db, dir, report);
    const row = { id: 1, fingerprint: report.problems.length ? null : fingerprint };
    await tx.insert(contentSync).values(row).onConflictDoUpdate({ target: contentSync.id, set: row });
  });
  return report;
}

export function formatReport(r: SyncReport): string {
  const head = `Content: ${r.created} new, ${r.updated} updated, ${r.unchanged} unchanged, ${r.unpublished} unpublished.`;
  if (!r.problems.length) return head;
  const lines = r.problems.map((p) => `  content/${p.file}:${p.line}: ${p.message}`);
  return `${head}\n${r.problems.length} problem${r.problems.length > 1 ? "s" : ""}, those files were left as they were:\n${lines.join("\n")}`;
}
