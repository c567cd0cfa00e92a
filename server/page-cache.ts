import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type RequestAccess, resolveAccess } from "~/features/access/access.server";
import { SESSION_COOKIE } from "~/features/auth/session.server";
import { parseCookies } from "~/lib/cookies";
import { createNonce } from "~/lib/csp.server";
import { personalCacheControl } from "./personal";
import type { Services } from "./services.server";
import type { TableChanges } from "~/db/changes.server";

/** Whether a body this long is worth compressing for a client that accepts these encodings. */
function wantsEncoding(length: number, acceptEncoding: string | null | undefined): boolean {
  return length >= 1024 && !!acceptEncoding && /\b(br|gzip)\b/.test(acceptEncoding);
}

/**
 * Pages (and navigations' data) go out compressed when the browser takes it (a page of 40 kB is about 8 kB as brotli):
 * brotli at a middling quality costs well under a millisecond for a page, gzip for older clients.
 */
export function encodeBody(
  html: Buffer,
  acceptEncoding: string | null | undefined,
): { body: Buffer; encoding: "br" | "gzip" | null } {
  if (!wantsEncoding(html.length, acceptEncoding)) return { body: html, encoding: null };
  if (/\bbr\b/.test(acceptEncoding ?? "")) {
    return {
      body: brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      }),
      encoding: "br",
    };
  }
  if (/\bgzip\b/.test(acceptEncoding ?? "")) return { body: gzipSync(html, { level: 6 }), encoding: "gzip" };
  return { body: html, encoding: null };
}

type Entry = {
  status: number;
  /** The answer's headers, the Content-Security-Policy among them, with the nonce it was rendered with. */
  headers: [string, string][];
  /** Their names (lower case), asked of each view without making a Headers of them. */
  names: Pick<Headers, "has">;
  /** Null for a client navigation's data, which holds no nonce. */
  nonce: string | null;
  /** The body cut at each place its nonce stood, so a new nonce is put in without searching it. */
  parts: Buffer[];
  bytes: number;
  storedAt: number;
  /** The changes' stamp when its render began, and the tables the render read. */
  stamp: number;
  tables: string[];
};

/** What a render read, noted by `trackReads` (app/db/reads.server.ts), and the stamp it began at. */
export type Render = { stamp: number; tables: Iterable<string>; wrote: boolean };

export type PageCacheOptions = {
  /** How long a page is served again at most, for what changes with time alone (dates, "in 3 hours"). */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** What the database has heard change (app/db/changes.server.ts). */
  changes: Pick<TableChanges, "changedSince">;
  now?: () => number;
};

const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/=]+)'/;

/**
 * Rendered pages and client navigations' data, kept for a few seconds per address, host and session,
 * and served again only while no table their render read has changed, whichever process changed it
 * (the database tells every instance: app/db/changes.server.ts). So a kept page never shows a
 * student less than a new render would (a later time aside, up to `ttlMs`), and a change drops only
 * the pages that read what changed: a student saving a job does not drop the guides or another
 * student's dashboard.
 *
 * Each answer gets a fresh CSP nonce, put where the kept page had its own.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether a page is kept under key, still to be checked by `get` (cheap: no database asked). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * The page kept under key, if no table it read has changed since it was rendered and it is
   * recent enough. On a PostgreSQL server, ask only once the changes have caught up with the request.
   */
  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.opts.ttlMs || this.opts.changes.changedSince(entry.tables, entry.stamp)) {
      this.delete(key, entry);
      return undefined;
    }
    return entry;
  }

  /**
   * Keeps a rendered answer, when it can be served again as it is: a 200 with no cookie set, not
   * marked no-store, a page with a nonce (or a navigation's data), a render that wrote nothing and
   * read no table that changed while it ran, since it may have read the data before or after.
   */
  put(key: string, render: Render, status: number, headers: Headers, body: Buffer): boolean {
    if (status !== 200 || headers.has("set-cookie") || /no-store/i.test(headers.get("cache-control") ?? ""))
      return false;
    const tables = [...render.tables];
    if (render.wrote || this.opts.changes.changedSince(tables, render.stamp)) return false;
    const html = headers.get("content-type")?.startsWith("text/html") ?? false;
    const nonce = html ? NONCE_IN_POLICY.exec(headers.get("content-security-policy") ?? "")?.[1] : null;
    if (nonce === undefined || body.length > this.opts.maxBytes) return false;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    const entry: Entry = {
      status,
      headers: [...headers],
      names: new Set(headers.keys()),
      nonce,
      parts: nonce ? split(body, Buffer.from(nonce)) : [body],
      bytes: body.length,
      storedAt: this.now(),
      stamp: render.stamp,
      tables,
    };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    // Oldest first: a Map keeps the order of insertion.
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.opts.maxEntries && this.bytes <= this.opts.maxBytes) break;
      this.delete(k, e);
    }
    return true;
  }

  /**
   * The kept answer with a new nonce in its policy and its body, and its age in seconds (the Age
   * header). The body comes in pieces (the kept parts with the nonce between them), to be written as
   * they are: joined, each view of a large page made a new buffer as long as the page, and at thousands
   * of views a second those buffers set off a full garbage collection several times a second.
   */
  render(entry: Entry, nonce: string): { headers: [string, string][]; pieces: Buffer[]; age: number } {
    const age = Math.floor((this.now() - entry.storedAt) / 1000);
    const kept = entry.nonce;
    if (!kept) return { headers: entry.headers, pieces: entry.parts, age };
    const headers = entry.headers.map(([name, value]): [string, string] => [
      name,
      name === "content-security-policy" ? value.replaceAll(kept, nonce) : value,
    ]);
    const mark = Buffer.from(nonce);
    const pieces: Buffer[] = [];
    entry.parts.forEach((part, i) => pieces.push(...(i === 0 ? [part] : [mark, part])));
    return { headers, pieces, age };
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function split(html: Buffer, mark: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(mark); at >= 0; at = html.indexOf(mark, from)) {
    parts.push(html.subarray(from, at));
    from = at + mark.length;
  }
  parts.push(html.subarray(from));
  return parts;
}

/**
 * The key a GET for a page, or a client navigation's data, is kept under: the host (microsites differ
 * by it), the address and who asks (the session, for a signed-in person). Null when the answer may
 * depend on more: another cookie (a flash message, a referral), any other method.
 */
export function pageKey(
  services: Pick<Services, "sessions" | "microsites">,
  method: string | undefined,
  host: string | null | undefined,
  target: string,
  cookieHeader: string | null | undefined,
): string | null | Promise<string | null> {
  if (method !== "GET" || !host) return null;
  const cookies = parseCookies(cookieHeader);
  for (const name of Object.keys(cookies)) if (name !== SESSION_COOKIE) return null;
  // The person and the microsite as the request sees them, whole: what a render reads of them comes
  // from the session store's and the microsites' own caches, not from a statement trackReads sees, so
  // an approval, a new role or a university's new colour makes another key.
  const who = (access: Pick<RequestAccess, "user" | "microsite">) =>
    `${host}\n${target}\n${access.user ? `${cookies[SESSION_COOKIE]} ${JSON.stringify(access.user)}` : ""}\n${
      access.microsite ? JSON.stringify(access.microsite) : ""
    }`;
  const access = resolveAccess(services, { cookie: cookieHeader, host });
  return access instanceof Promise ? access.then(who) : who(access);
}

/** Answers from the cache when it holds the page; false to let the page be rendered. */
export function sendCachedPage(cache: PageCache, key: string, req: IncomingMessage, res: ServerResponse): boolean {
  const entry = cache.get(key);
  if (!entry) return false;
  const { headers, pieces, age } = cache.render(entry, createNonce());
  const length = pieces.reduce((n, piece) => n + piece.length, 0);
  const compressed = wantsEncoding(length, req.headers["accept-encoding"])
    ? encodeBody(Buffer.concat(pieces, length), req.headers["accept-encoding"])
    : null;
  for (const [name, value] of headers) res.setHeader(name, value);
  const personal = personalCacheControl(req.headers.cookie, entry.names);
  if (personal) res.setHeader("Cache-Control", personal);
  if (compressed?.encoding) res.setHeader("Content-Encoding", compressed.encoding);
  res.setHeader("Content-Length", compressed ? compressed.body.length : length);
  // Tells the browser (and the tests) the page was rendered earlier.
  res.setHeader("Age", age);
  res.writeHead(entry.status);
  if (compressed) return (res.end(compressed.body), true);
  // Corked, the headers and every piece leave in one write; end() uncorks.
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
  return true;
}
