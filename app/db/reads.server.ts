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

type Tracked = { known: ReadonlySet<string>; tables: Set<string>; wrote: boolean };
const tracking = new AsyncLocalStorage<Tracked>();

/**
 * Runs `work` and says which of the `known` tables its statements named, and whether one wrote, so
 * far: a page's answer may still read as it streams (a loader's deferred data), so `reads` is read
 * once the answer is complete. A kept page (server/page-cache.ts) is dropped when one of the
 * tables its render read changes.
 * Every statement the app sends is searched for the names, so a table read through a view or a
 * function would be missed: there are none such (app/db/changes.server.test.ts checks).
 */
export async function trackReads<T>(
  known: ReadonlySet<string>,
  work: () => Promise<T>,
): Promise<{ value: T; reads: { readonly tables: ReadonlySet<string>; readonly wrote: boolean } }> {
  const reads: Tracked = { known, tables: new Set(), wrote: false };
  // Awaited inside: a Drizzle query runs only once something awaits it.
  return { value: await tracking.run(reads, async () => await work()), reads };
}

/** The words of a statement that may name a table: quoted as Drizzle writes them, or bare (folded to lower case). */
const IDENTIFIER = /"((?:[^"]|"")+)"|[A-Za-z_][A-Za-z0-9_$]*/g;
/** A statement's names, by its text: the app sends the same few hundred texts again and again. */
const namesOf = new Map<string, string[]>();

function namesIn(query: string): string[] {
  let names = namesOf.get(query);
  if (names) return names;
  const found = new Set<string>();
  for (const m of query.matchAll(IDENTIFIER)) found.add(m[1] !== undefined ? m[1] : m[0].toLowerCase());
  names = [...found];
  if (namesOf.size >= 5_000) namesOf.clear();
  namesOf.set(query, names);
  return names;
}

export const readsLogger: Logger = {
  logQuery(query) {
    const request = reading.getStore();
    if (request && WRITES.test(query) && !BOOKKEEPING.test(query))
      console.error(`${GET_WROTE} (${request()}): ${query.slice(0, 160)}`);
    const tracked = tracking.getStore();
    if (tracked) {
      if (WRITES.test(query)) tracked.wrote = true;
      for (const name of namesIn(query)) if (tracked.known.has(name)) tracked.tables.add(name);
    }
  },
};
