import { STATUS_CODES } from "node:http";
import { systemClock, type Clock } from "./clock";
import { SITE_NAME } from "./meta";
import type { Response } from "undici";
import { isOutboundRefused, outboundFetch } from "./outbound.server";

/**
 * Fetching other sites' data (job boards, job-search APIs, careers pages) the way a well-behaved
 * client does: it says who it is, asks only for what changed, gives up on a slow or oversized answer
 * instead of holding a worker, backs off when a site is struggling, and goes through the outbound
 * checks (public addresses only), since a source's address is typed in by a person.
 */

/** The product token robots.txt groups name, and the start of the User-Agent. */
export const CRAWLER_TOKEN = `${SITE_NAME.replaceAll(" ", "")}Bot`;

/** The User-Agent every fetch sends: the platform's name and where a site's owner can reach us. */
export const userAgent = (contactUrl: string) => `${CRAWLER_TOKEN}/1.0 (+${contactUrl})`;

export type Wait = (ms: number) => Promise<void>;
const realWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type FetchFailureReason = "timeout" | "too-large" | "http" | "network" | "redirects" | "not-allowed";
export type FetchFailure = { status: "failed"; reason: FetchFailureReason; message: string; httpStatus?: number };
export type FetchOk<Body> = {
  status: "ok";
  body: Body;
  etag?: string;
  lastModified?: string;
  contentType?: string;
  finalUrl: string;
};
export type FetchResult<Body = string> = FetchOk<Body> | { status: "not-modified" } | FetchFailure;

export type PoliteFetchOptions<As extends "text" | "buffer" = "text"> = {
  /** A page telling a site's owner who we are (the platform's PUBLIC_URL or its about page). */
  contactUrl: string;
  /** From the previous answer, to ask only for a change. */
  etag?: string;
  lastModified?: string;
  /**
   * An API's own headers (Accept, Authorization); Authorization and Cookie never follow a redirect to
   * another origin, and the headers below (User-Agent, Accept-Encoding, the validators) are the client's.
   */
  headers?: Record<string, string>;
  /** The body as text (UTF-8) or as bytes. */
  as?: As;
  /** Until the answer's headers have come (connecting included). */
  headersTimeoutMs?: number;
  /** Until the whole body has come, from the start of the request. */
  bodyTimeoutMs?: number;
  /** The most the decoded body may hold; counted as it streams in. */
  maxBytes?: number;
  /** Attempts in all, the first included, for network errors, 429 and 5xx. */
  maxAttempts?: number;
  /** The first retry waits between half of this and this, each later one twice as long. */
  backoffMs?: number;
  /** A Retry-After longer than this ends the fetch instead of holding the run. */
  maxRetryAfterMs?: number;
  /** Only the demo and tests fetch from this machine. */
  allowLoopback?: boolean;
  wait?: Wait;
  clock?: Clock;
  random?: () => number;
};

const MB = 1024 * 1024;
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIALS = new Set(["authorization", "cookie"]);

/** An address as a run report shows it: without its query, where API keys travel (Adzuna's app_key). */
const shown = (url: URL) => `${url.origin}${url.pathname}`;
const statusLine = (status: number) => `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ""}`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

type Attempt<Body> = FetchResult<Body> | { retry: FetchFailure; retryAfterMs?: number };

/** GET `url` politely; never throws for anything the other side does. */
export async function politeFetch<As extends "text" | "buffer" = "text">(
  url: string,
  options: PoliteFetchOptions<As>,
): Promise<FetchResult<As extends "buffer" ? Buffer : string>> {
  type Body = As extends "buffer" ? Buffer : string;
  const { maxAttempts = 3, backoffMs = 1000, maxRetryAfterMs = 120_000 } = options;
  const { wait = realWait, clock = systemClock, random = Math.random } = options;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { status: "failed", reason: "not-allowed", message: `"${url}" is not a web address.` };
  }
  for (let attempt = 1; ; attempt++) {
    const outcome = await fetchOnce<Body>(target, options, clock);
    if (!("retry" in outcome)) return outcome;
    const failure = outcome.retry;
    if (attempt >= maxAttempts)
      return { ...failure, message: `${failure.message} (${attempt} attempt${attempt === 1 ? "" : "s"}).` };
    if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > maxRetryAfterMs)
      return {
        ...failure,
        message: `${failure.message} and asked to be called again in ${seconds(outcome.retryAfterMs)}, longer than the ${seconds(maxRetryAfterMs)} a run waits.`,
      };
    const backoff = backoffMs * 2 ** (attempt - 1);
    await wait(Math.max(outcome.retryAfterMs ?? 0, Math.round(backoff / 2 + (random() * backoff) / 2)));
  }
}

/** One attempt: the request and its redirects, under one pair of timeouts. */
async function fetchOnce<Body>(
  start: URL,
  options: PoliteFetchOptions<"text" | "buffer">,
  clock: Clock,
): Promise<Attempt<Body>> {
  const { headersTimeoutMs = 15_000, bodyTimeoutMs = 60_000, maxBytes = 20 * MB } = options;
  const controller = new AbortController();
  let timedOut: string | undefined;
  const abortAfter = (ms: number, what: string) =>
    setTimeout(() => {
      timedOut = what;
      controller.abort();
    }, ms);
  const headersTimer = abortAfter(headersTimeoutMs, `did not answer within ${seconds(headersTimeoutMs)}`);
  const bodyTimer = abortAfter(bodyTimeoutMs, `did not finish its answer within ${seconds(bodyTimeoutMs)}`);
  const failed = (reason: FetchFailureReason, message: string, httpStatus?: number): FetchFailure => ({
    status: "failed",
    reason,
    message,
    ...(httpStatus === undefined ? {} : { httpStatus }),
  });

  let url = start;
  try {
    const seen = new Set([url.href]);
    let response: Response;
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:")
        return failed(
          "not-allowed",
          `${url.protocol}//${url.host}${url.pathname} is not an http or https address; only those are fetched.`,
        );
      response = await outboundFetch(
        url,
        {
          headers: requestHeaders(options, url.origin === start.origin),
          redirect: "manual",
          signal: controller.signal,
        },
        { allowLoopback: options.allowLoopback ?? false },
      );
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || !location) break;
      await response.body?.cancel();
      const next = new URL(location, url);
      if (seen.has(next.href))
        return failed("redirects", `${shown(start)} redirects in a loop (${shown(url)} leads back to ${shown(next)}).`);
      if (hop === MAX_REDIRECTS)
        return failed("redirects", `${shown(start)} redirects more than ${MAX_REDIRECTS} times.`);
      seen.add(next.href);
      url = next;
    }
    clearTimeout(headersTimer);

    const status = response.status;
    if (status === 304) {
      await response.body?.cancel();
      return { status: "not-modified" } as const;
    }
    if (status < 200 || status > 299) {
      await response.body?.cancel();
      const failure = failed("http", `${shown(url)} answered ${statusLine(status)}`, status);
      if (status === 429 || status >= 500) {
        const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), clock);
        return { retry: failure, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
      }
      return { ...failure, message: `${failure.message}.` };
    }

    const tooLarge = failed(
      "too-large",
      `${shown(url)} answered more than ${maxBytes / MB} MB; the answer was refused.`,
    );
    if (Number(response.headers.get("content-length")) > maxBytes) {
      controller.abort();
      return tooLarge;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      // Leaving the loop cancels the stream: the rest is never read.
      if (size > maxBytes) return tooLarge;
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    const header = (name: string) => response.headers.get(name) ?? undefined;
    return {
      status: "ok",
      body: (options.as === "buffer" ? bytes : decode(bytes, header("content-type"))) as Body,
      etag: header("etag"),
      lastModified: header("last-modified"),
      contentType: header("content-type"),
      finalUrl: url.href,
    } satisfies FetchOk<Body>;
  } catch (error) {
    if (timedOut) return failed("timeout", `${shown(url)} ${timedOut}.`);
    if (isOutboundRefused(error))
      return failed("not-allowed", `${shown(url)} is not an address the platform may fetch (${causeOf(error)}).`);
    return { retry: failed("network", `Could not reach ${shown(url)}: ${causeOf(error)}`) };
  } finally {
    clearTimeout(headersTimer);
    clearTimeout(bodyTimer);
  }
}

function requestHeaders(options: PoliteFetchOptions<"text" | "buffer">, sameOrigin: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {}))
    if (sameOrigin || !CREDENTIALS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  headers["user-agent"] = userAgent(options.contactUrl);
  headers["accept-encoding"] = "gzip";
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  return headers;
}

/** Text in the charset the answer names (careers pages in windows-1252 still exist), UTF-8 otherwise. */
function decode(bytes: Buffer, contentType: string | undefined): string {
  const charset = /charset="?([\w-]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** fetch wraps what went wrong ("fetch failed"); the reason an operator can act on is its cause. */
function causeOf(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/** Retry-After in seconds or as an HTTP date, as milliseconds from now. */
function parseRetryAfter(value: string | null, clock: Clock): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - clock().getTime());
}

/**
 * The JSON of an answer an API gave, or why it is not JSON: a login page or an error page served with
 * 200 is the common case, and the operator needs to see that rather than a parser's complaint.
 */
export function expectJson(result: FetchOk<string>): { ok: true; value: unknown } | { ok: false; problem: string } {
  const where = shown(new URL(result.finalUrl));
  const type = result.contentType?.split(";")[0]!.trim().toLowerCase();
  const text = result.body.trimStart();
  const opening = `${JSON.stringify(text.slice(0, 40))}${text.length > 40 ? "…" : ""}`;
  if (type && !/^application\/([\w.-]+\+)?json$|^text\/json$/.test(type))
    return { ok: false, problem: `${where} answered ${type} where JSON was expected (it begins ${opening}).` };
  if (!text.startsWith("{") && !text.startsWith("["))
    return { ok: false, problem: `${where} answered something other than JSON (it begins ${opening}).` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `${where} answered invalid JSON: ${(error as Error).message}.` };
  }
}

// robots.txt (RFC 9309) -----------------------------------------------------------------------------

type RobotsRule = { allow: boolean; length: number; pattern: RegExp };
type RobotsGroup = { agents: string[]; rules: RobotsRule[]; crawlDelayMs?: number };
export type RobotsVerdict = { allowed: boolean; crawlDelayMs?: number; message?: string };

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * A path or pattern in the form RFC 9309 compares: characters outside ASCII percent-encoded (UTF-8),
 * percent-encoded unreserved characters decoded, the other escapes in upper case.
 */
function normalisePath(path: string): string {
  return path
    .replace(/\P{ASCII}+/gu, (s) => encodeURIComponent(s))
    .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
    });
}

function compileRule(allow: boolean, value: string): RobotsRule | undefined {
  const path = normalisePath(value);
  if (!path) return undefined;
  const anchored = path.endsWith("$");
  const body = anchored ? path.slice(0, -1) : path;
  const source = body
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return { allow, length: path.length, pattern: new RegExp(`^${source}${anchored ? "$" : ""}`) };
}

/** The groups of a robots.txt: user-agent lines in a row start one, the rules after them fill it. */
export function parseRobots(text: string): RobotsGroup[] {
  const groups: RobotsGroup[] = [];
  let current: RobotsGroup | undefined;
  let readingAgents = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      if (!readingAgents) groups.push((current = { agents: [], rules: [] }));
      current!.agents.push(value === "*" ? "*" : (/^[A-Za-z_-]+/.exec(value)?.[0] ?? "").toLowerCase());
      readingAgents = true;
    } else if (current && (key === "allow" || key === "disallow")) {
      readingAgents = false;
      const rule = compileRule(key === "allow", value);
      if (rule) current.rules.push(rule);
    } else if (current && key === "crawl-delay") {
      readingAgents = false;
      const delay = Number(value);
      if (value && Number.isFinite(delay) && delay >= 0) current.crawlDelayMs ??= delay * 1000;
    }
  }
  return groups;
}

/** Whether the groups let `userAgentToken` fetch `url`: its own groups, else `*`'s; the longest match wins, allow on a tie. */
export function robotsVerdict(groups: RobotsGroup[], userAgentToken: string, url: string): RobotsVerdict {
  const token = userAgentToken.toLowerCase();
  let matching = groups.filter((g) => g.agents.includes(token));
  if (matching.length === 0) matching = groups.filter((g) => g.agents.includes("*"));
  const crawlDelayMs = matching.find((g) => g.crawlDelayMs !== undefined)?.crawlDelayMs;
  const target = new URL(url);
  const path = normalisePath(target.pathname + target.search);
  let best: RobotsRule | undefined;
  if (target.pathname !== "/robots.txt")
    for (const rule of matching.flatMap((g) => g.rules))
      if (
        rule.pattern.test(path) &&
        (!best || rule.length > best.length || (rule.length === best.length && rule.allow && !best.allow))
      )
        best = rule;
  const allowed = best?.allow ?? true;
  return {
    allowed,
    ...(crawlDelayMs === undefined ? {} : { crawlDelayMs }),
    ...(allowed
      ? {}
      : { message: `${target.origin}/robots.txt does not let ${userAgentToken} fetch ${shown(target)}.` }),
  };
}

export type RobotsFetcher = (robotsUrl: string) => Promise<FetchResult>;
type RobotsFile = { groups: RobotsGroup[] } | { unreachable: string };

/** robots.txt of each origin, read once and kept for a day (RFC 9309 asks for no longer). */
export class RobotsCache {
  private files = new Map<string, { expiresAt: number; file: Promise<RobotsFile> }>();
  constructor(
    private clock: Clock = systemClock,
    private ttlMs = 24 * 60 * 60 * 1000,
  ) {}

  get(origin: string, fetcher: RobotsFetcher): Promise<RobotsFile> {
    const now = this.clock().getTime();
    const kept = this.files.get(origin);
    if (kept && kept.expiresAt > now) return kept.file;
    const file = readRobots(origin, fetcher);
    this.files.set(origin, { expiresAt: now + this.ttlMs, file });
    return file;
  }
}

async function readRobots(origin: string, fetcher: RobotsFetcher): Promise<RobotsFile> {
  const result = await fetcher(`${origin}/robots.txt`).catch(
    (error: unknown): FetchFailure => ({
      status: "failed",
      reason: "network",
      message: causeOf(error),
    }),
  );
  if (result.status === "ok") return { groups: parseRobots(result.body) };
  // RFC 9309 2.3.1.3: a robots.txt that is "unavailable" (4xx) allows everything; 429 is the site
  // asking us to slow down, so it counts with the unreachable ones (5xx, network), which allow nothing.
  if (result.status === "failed" && result.reason === "http" && result.httpStatus! < 500 && result.httpStatus !== 429)
    return { groups: [] };
  const why = result.status === "failed" ? result.message : "it answered Not Modified to a plain request";
  return { unreachable: `${origin}/robots.txt could not be read, so nothing on the site is fetched: ${why}` };
}

const sharedRobots = new RobotsCache();

/** Whether robots.txt lets `userAgentToken` fetch `url`, and the Crawl-delay it asks for. */
export async function robotsAllows(
  url: string,
  userAgentToken: string,
  fetcher: RobotsFetcher,
  cache: RobotsCache = sharedRobots,
): Promise<RobotsVerdict> {
  const file = await cache.get(new URL(url).origin, fetcher);
  if ("unreachable" in file) return { allowed: false, message: file.unreachable };
  return robotsVerdict(file.groups, userAgentToken, url);
}

/** Spaces the requests to each host: the next one to a host waits until `delayMs` (or its Crawl-delay) after the last. */
export class HostPacer {
  private next = new Map<string, number>();
  private delayMs: number;
  private wait: Wait;
  private clock: Clock;
  constructor(options: { delayMs?: number; wait?: Wait; clock?: Clock } = {}) {
    this.delayMs = options.delayMs ?? 1000;
    this.wait = options.wait ?? realWait;
    this.clock = options.clock ?? systemClock;
  }

  /** Resolves when a request to `url`'s host may go; the slot is taken at once, so callers in parallel queue up. */
  async pace(url: string, crawlDelayMs = 0): Promise<void> {
    const host = new URL(url).host;
    const now = this.clock().getTime();
    const at = Math.max(now, this.next.get(host) ?? now);
    this.next.set(host, at + Math.max(this.delayMs, crawlDelayMs));
    if (at > now) await this.wait(at - now);
  }
}
