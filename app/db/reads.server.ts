import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm";

/**
 * What a GET may do to the database: read. A GET is a link followed, a page prefetched, a crawler
 * or a mail scanner passing by; none of them means to change anything, so nothing a GET answers
 * writes. The server runs each GET inside `asRead`, and every statement the app sends goes through
 * `readsLogger`, which reports a write made inside one, on either database, as it is sent (also
 * when it changes no row, or comes after the answer): the operator sees it in the log, and the
 * HTTP test that walks every page fails on it.
 */
const reading = new AsyncLocalStorage<() => string>();

/** A statement that changes data: an INSERT, UPDATE, DELETE, MERGE or TRUNCATE, alone or in a CTE. */
const WRITES =
  /^\s*(insert|update|delete|merge|truncate)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from|merge\s+into)\b/i;

/**
 * The writes a GET may make, which change nothing anyone sees: counting itself against a rate limit
 * (an expensive GET, a CV's page drawn as an image, is limited like a post), and recording that a
 * platform staff member's session is still in use (it ends after 30 minutes idle).
 */
const BOOKKEEPING = /^\s*(insert\s+into\s+"rate_limits"|update\s+"sessions"\s+set\s+"last_seen_at"\s*=)/i;

/** What the log says of a write made while answering a GET; the HTTP test looks for it. */
export const GET_WROTE = "A GET wrote to the database";

/** Runs `work` as a read; `request` names it in the log ("GET /jobs/:slug"), asked only if it writes. */
export const asRead = <T>(request: () => string, work: () => T): T => reading.run(request, work);

/** The tables a render's statements may name, and those whose rows each belong to one person. */
export type Watched = { readonly tables: ReadonlySet<string>; readonly owned: ReadonlyMap<string, string> };

type Tracked = { watched: Watched; tables: Set<string>; wrote: boolean };
const tracking = new AsyncLocalStorage<Tracked>();

/**
 * Runs `work` and says which of the `watched` tables its statements named, and whether one wrote, so
 * far: a page's answer may still read as it streams (a loader's deferred data), so `reads` is read
 * once the answer is complete. A kept page (server/page-cache.ts) is dropped when one of the
 * tables its render read changes. A statement that read only one person's rows of a table whose
 * rows each belong to one person names "table:owner" instead, so the page is kept while others'
 * rows change (a student's dashboard while another student saves a job).
 * Every statement the app sends is searched for the names, so a table read through a view or a
 * function would be missed: there are none such (app/db/changes.server.test.ts checks).
 */
export async function trackReads<T>(
  watched: Watched,
  work: () => Promise<T>,
): Promise<{ value: T; reads: { readonly tables: ReadonlySet<string>; readonly wrote: boolean } }> {
  const reads: Tracked = { watched, tables: new Set(), wrote: false };
  // Awaited inside: a Drizzle query runs only once something awaits it.
  return { value: await tracking.run(reads, async () => await work()), reads };
}

/**
 * What a statement's text says it reads: the names in it that may be tables, and for a name read
 * only where `"<name or its alias>"."<column>" = $n`, the placeholders holding the column's value
 * (the owner, when the column is the one that names the table's owner).
 */
type Statement = { names: string[]; ownerAt: Map<string, Map<string, number[]>> };

/** The words of a statement that may name a table: quoted as Drizzle writes them, or bare (folded to lower case). */
const IDENTIFIER = /"((?:[^"]|"")+)"|[A-Za-z_][A-Za-z0-9_$]*/g;
const SCHEMA_BEFORE = /(?:^|[^\w"])(?:public|"public")\.$/i;
/** A statement by its text: the app sends the same few hundred texts again and again. */
const statements = new Map<string, Statement>();

/**
 * Words that may make a statement read rows of another person than the one its condition names
 * (`... or`, `not (...)`, `case when`, an aggregate's `filter (where ...)`, a union): a statement
 * holding one is taken to read its tables whole.
 */
const WIDENS = /\b(or|not|case|filter|union|except|intersect)\b/i;
/** Where a table is read: `from "t"` or `join "t"`, with an alias or not. */
const READ_FROM =
  /\b(?:from|join)\s+("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)(?:\s+(?:as\s+)?("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*))?/gi;
/** Words that may follow a table's name and are not an alias. */
const NOT_ALIAS = new Set(
  "where inner left right full cross join on order group limit offset for using natural lateral having window returning set values".split(
    " ",
  ),
);

const unquote = (word: string) => (word.startsWith('"') ? word.slice(1, -1).replaceAll('""', '"') : word.toLowerCase());
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function statementOf(query: string): Statement {
  let statement = statements.get(query);
  if (statement) return statement;
  const found = new Set<string>();
  for (const m of query.matchAll(IDENTIFIER)) {
    // A column ("saved_jobs"."job_alerts") is not a table, unless the word before the dot is the schema.
    if (
      m.index > 0 &&
      query[m.index - 1] === "." &&
      !SCHEMA_BEFORE.test(query.slice(Math.max(0, m.index - 9), m.index))
    )
      continue;
    found.add(m[1] !== undefined ? m[1] : m[0].toLowerCase());
  }
  statement = { names: [...found], ownerAt: new Map() };
  // Literals and `is not null` say nothing of whose rows are read, nor does the order the rows come in
  // (a last ORDER BY with no query inside it).
  const text = query
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/\bis\s+not\s+(null|true|false)\b/gi, "is_set")
    .replace(/\border\s+by\b(?![\s\S]*\b(?:select|from|where)\b)[\s\S]*$/i, "");
  if (!WIDENS.test(text.replace(/"(?:[^"]|"")*"/g, '""'))) {
    const readFrom = new Map<string, string[]>();
    for (const m of text.matchAll(READ_FROM)) {
      const table = unquote(m[1]!);
      const alias = m[2] && !NOT_ALIAS.has(m[2].toLowerCase()) ? unquote(m[2]) : table;
      readFrom.set(table, [...(readFrom.get(table) ?? []), alias]);
    }
    for (const [table, aliases] of readFrom) {
      // A table read twice (a subquery over it, or a list after FROM) may be read whole by one of the
      // two: its name must stand once but where it qualifies a column.
      const quoted = escape(`"${table.replaceAll('"', '""')}"`);
      const standing = new RegExp(`${quoted}(?!\\s*\\.)|(?<!")\\b${escape(table)}\\b(?![".])`, "gi");
      if (aliases.length !== 1 || [...text.matchAll(standing)].length !== 1) continue;
      const name = aliases[0]!;
      const owner = new RegExp(
        `\\b(?:where|on|and)\\s*\\(*\\s*(?:"${escape(name.replaceAll('"', '""'))}"|${escape(name)})\\."?(\\w+)"?\\s*=\\s*\\$(\\d+)\\b`,
        "gi",
      );
      const byColumn = new Map<string, number[]>();
      for (const m of text.matchAll(owner)) {
        const column = m[1]!.toLowerCase();
        byColumn.set(column, [...(byColumn.get(column) ?? []), Number(m[2]) - 1]);
      }
      if (byColumn.size) statement.ownerAt.set(table, byColumn);
    }
  }
  if (statements.size >= 5_000) statements.clear();
  statements.set(query, statement);
  return statement;
}

/** The name a statement's read of `table` is known by: "table", or "table:owner" for one person's rows. */
function readOf(statement: Statement, table: string, owned: ReadonlyMap<string, string>, params: unknown[]): string {
  const column = owned.get(table);
  const at = column === undefined ? undefined : statement.ownerAt.get(table)?.get(column);
  if (!at) return table;
  const owner = params[at[0]!];
  if ((typeof owner !== "number" && typeof owner !== "string") || at.some((i) => params[i] !== owner)) return table;
  return `${table}:${owner}`;
}

export const readsLogger: Logger = {
  logQuery(query, params) {
    const request = reading.getStore();
    if (request && WRITES.test(query) && !BOOKKEEPING.test(query))
      console.error(`${GET_WROTE} (${request()}): ${query.slice(0, 160)}`);
    const tracked = tracking.getStore();
    if (tracked) {
      if (WRITES.test(query)) tracked.wrote = true;
      const statement = statementOf(query);
      for (const name of statement.names)
        if (tracked.watched.tables.has(name))
          tracked.tables.add(readOf(statement, name, tracked.watched.owned, params));
    }
  },
};
