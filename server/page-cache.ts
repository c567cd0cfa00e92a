import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { resolveAccess } from "~/features/access/access.server";
import { SESSION_COOKIE } from "~/features/auth/session.server";
import { parseCookies } from "~/lib/cookies";
import { createNonce } from "~/lib/csp.server";
import { personalCacheControl } from "./personal";
import type { Services } from "./services.server";

/**
 * Pages go out compressed when the browser takes it (a page of 40 kB is about 8 kB as brotli):
 * brotli at a middling quality costs well under a millisecond for a page, gzip for older clients.
 */
export function encodeHtml(
  html: Buffer,
  acceptEncoding: string | null | undefined,
): { body: Buffer; encoding: "br" | "gzip" | null } {
  if (html.length < 1024 || !acceptEncoding) return { body: html, encoding: null };
  if (/\bbr\b/.test(acceptEncoding)) {
    return {
      body: brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      }),
      encoding: "br",
    };
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { body: gzipSync(html, { level: 6 }), encoding: "gzip" };
  return { body: html, encoding: null };
}

type Entry = {
  status: number;
  /** The answer's headers, the Content-Security-Policy among them, with the nonce it was rendered with. */
  headers: [string, string][];
  nonce: string;
  /** The page cut at each place its nonce stood, so a new nonce is put in without searching the page. */
  parts: Buffer[];
  bytes: number;
  storedAt: number;
};

export type PageCacheOptions = {
  /** How long a page is served again at most, for what changes with time alone (dates, "in 3 hours"). */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** The database's count of writes by this process (see Database.writes). */
  writes: () => number;
  now?: () => number;
};

const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/=]+)'/;

/**
 * Rendered pages kept for a few seconds, per address, host and session, and dropped as soon as
 * this process writes anything to the database: a page is served again only while nothing it could
 * have read has changed, so it never shows a student less than a new render would (a later time
 * aside, up to `ttlMs`). That holds only where this process makes every write, the embedded
 * database, which one process owns: on a PostgreSQL server other processes write too, and pages are
 * not kept (see docs/performance.md).
 *
 * Each answer gets a fresh CSP nonce, put where the kept page had its own.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
  }

  /** The page kept under key, if nothing was written since it was rendered and it is recent enough. */
  get(key: string): Entry | undefined {
    this.dropIfWritten();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.opts.ttlMs) {
      this.delete(key, entry);
      return undefined;
    }
    return entry;
  }

  /**
   * Keeps a rendered page, when it can be served again as it is: a 200 with no cookie set, not
   * marked no-store, with a nonce, and no write made while it was rendered (`writesBefore` is the
   * count when its request came in), since it may have read the data before or after that write.
   */
  put(key: string, writesBefore: number, status: number, headers: Headers, html: Buffer): boolean {
    if (status !== 200 || headers.has("set-cookie") || /no-store/i.test(headers.get("cache-control") ?? ""))
      return false;
    if (this.opts.writes() !== writesBefore) return false;
    const nonce = NONCE_IN_POLICY.exec(headers.get("content-security-policy") ?? "")?.[1];
    if (!nonce || html.length > this.opts.maxBytes) return false;
    this.dropIfWritten();
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    const entry: Entry = {
      status,
      headers: [...headers],
      nonce,
      parts: split(html, Buffer.from(nonce)),
      bytes: html.length,
      storedAt: this.now(),
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

  /** The kept page with a new nonce in its policy and its body, and its age in seconds (the Age header). */
  render(entry: Entry, nonce: string): { headers: [string, string][]; html: Buffer; age: number } {
    const headers = entry.headers.map(([name, value]): [string, string] => [
      name,
      name === "content-security-policy" ? value.replaceAll(entry.nonce, nonce) : value,
    ]);
    const mark = Buffer.from(nonce);
    const pieces: Buffer[] = [];
    entry.parts.forEach((part, i) => pieces.push(...(i === 0 ? [part] : [mark, part])));
    return { headers, html: Buffer.concat(pieces), age: Math.floor((this.now() - entry.storedAt) / 1000) };
  }

  private dropIfWritten(): void {
    const writes = this.opts.writes();
    if (writes === this.generation) return;
    this.generation = writes;
    this.entries.clear();
    this.bytes = 0;
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
 * The key a GET for a page is kept under: the host (microsites differ by it), the address and who
 * asks (the session, for a signed-in person). Null when the answer may depend on more: another
 * cookie (a flash message, a referral), a client navigation's data request, any other method.
 */
export function pageKey(
  services: Pick<Services, "sessions" | "microsites">,
  method: string | undefined,
  host: string | null | undefined,
  target: string,
  cookieHeader: string | null | undefined,
): string | null | Promise<string | null> {
  if (method !== "GET" || !host) return null;
  const q = target.indexOf("?");
  if ((q < 0 ? target : target.slice(0, q)).endsWith(".data")) return null;
  const cookies = parseCookies(cookieHeader);
  for (const name of Object.keys(cookies)) if (name !== SESSION_COOKIE) return null;
  const who = (user: { id: number } | null) =>
    `${host}\n${target}\n${user ? `${user.id} ${cookies[SESSION_COOKIE]}` : ""}`;
  const access = resolveAccess(services, { cookie: cookieHeader, host });
  return access instanceof Promise ? access.then((a) => who(a.user)) : who(access.user);
}

/** Answers from the cache when it holds the page; false to let the page be rendered. */
export function sendCachedPage(cache: PageCache, key: string, req: IncomingMessage, res: ServerResponse): boolean {
  const entry = cache.get(key);
  if (!entry) return false;
  const { headers, html, age } = cache.render(entry, createNonce());
  const { body, encoding } = encodeHtml(html, req.headers["accept-encoding"]);
  for (const [name, value] of headers) res.setHeader(name, value);
  const personal = personalCacheControl(req.headers.cookie, new Headers(headers));
  if (personal) res.setHeader("Cache-Control", personal);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  // Tells the browser (and the tests) the page was rendered earlier.
  res.setHeader("Age", age);
  res.writeHead(entry.status);
  res.end(body);
  return true;
}
