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

export const readsLogger: Logger = {
  logQuery(query) {
    const request = reading.getStore();
    if (request && WRITES.test(query) && !BOOKKEEPING.test(query))
      console.error(`${GET_WROTE} (${request()}): ${query.slice(0, 160)}`);
  },
};
