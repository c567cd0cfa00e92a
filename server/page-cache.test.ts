import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache, encodeHtml, pageKey } from "./page-cache";

const NONCE = "bm9uY2Utb2YtdGhlLXBhZ2U=";
const page = (text: string, nonce = NONCE) =>
  Buffer.from(
    `<html><head><script nonce="${nonce}">go()</script></head><body>${text}<style nonce="${nonce}"></style></body></html>`,
  );
const headersOf = (nonce = NONCE, extra: Record<string, string> = {}) =>
  new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'; style-src 'nonce-${nonce}'`,
    ...extra,
  });

function setup(opts: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  const state = { now: 0, writes: 0 };
  const cache = new PageCache({
    ttlMs: opts.ttlMs ?? 10_000,
    maxEntries: opts.maxEntries ?? 10,
    maxBytes: opts.maxBytes ?? 1 << 20,
    writes: () => state.writes,
    now: () => state.now,
  });
  return { cache, state };
}

describe("PageCache", () => {
  it("serves a kept page with a new nonce in its policy and everywhere in its body", () => {
    const { cache, state } = setup();
    expect(cache.put("k", 0, 200, headersOf(), page("hello"))).toBe(true);
    state.now = 2_500;
    const entry = cache.get("k")!;
    const fresh = "ZnJlc2gtbm9uY2UtdmFsdWU=";
    const { headers, html, age } = cache.render(entry, fresh);
    expect(age).toBe(2);
    expect(html.toString()).toBe(page("hello", fresh).toString());
    expect(new Map(headers).get("content-security-policy")).toBe(
      `script-src 'self' 'nonce-${fresh}'; style-src 'nonce-${fresh}'`,
    );
    expect(new Map(headers).get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("forgets every page once anything is written", () => {
    const { cache, state } = setup();
    cache.put("a", 0, 200, headersOf(), page("a"));
    cache.put("b", 0, 200, headersOf(), page("b"));
    state.writes = 1;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("does not keep a page when a write came while it was rendered", () => {
    const { cache, state } = setup();
    state.writes = 3;
    expect(cache.put("k", 2, 200, headersOf(), page("maybe old"))).toBe(false);
    expect(cache.get("k")).toBeUndefined();
    expect(cache.put("k", 3, 200, headersOf(), page("current"))).toBe(true);
  });

  it("keeps a page for ttlMs at most", () => {
    const { cache, state } = setup({ ttlMs: 10_000 });
    cache.put("k", 0, 200, headersOf(), page("x"));
    state.now = 9_999;
    expect(cache.get("k")).toBeDefined();
    state.now = 10_000;
    expect(cache.get("k")).toBeUndefined();
  });

  it.each([
    ["a status other than 200", 404, headersOf()],
    ["a cookie set", 200, headersOf(NONCE, { "Set-Cookie": "flash=; Max-Age=0" })],
    ["no-store", 200, headersOf(NONCE, { "Cache-Control": "private, no-store" })],
    ["no nonce", 200, new Headers({ "Content-Type": "text/html" })],
  ])("does not keep a page with %s", (_, status, headers) => {
    const { cache } = setup();
    expect(cache.put("k", 0, status, headers, page("x"))).toBe(false);
    expect(cache.get("k")).toBeUndefined();
  });

  it("drops the oldest pages beyond its count and its bytes", () => {
    const { cache } = setup({ maxEntries: 2 });
    for (const k of ["a", "b", "c"]) cache.put(k, 0, 200, headersOf(), page(k));
    expect([cache.get("a"), cache.get("b") && "b", cache.get("c") && "c"]).toEqual([undefined, "b", "c"]);

    const size = page("x").length;
    const bytes = setup({ maxBytes: size * 2 + 1 }).cache;
    for (const k of ["a", "b", "c"]) bytes.put(k, 0, 200, headersOf(), page("x"));
    expect(bytes.size).toBe(2);
    expect(bytes.get("a")).toBeUndefined();
  });
});

describe("pageKey", () => {
  const user = { id: 7 };
  const services = {
    sessions: { lookup: (token: string | undefined) => (token === "good" ? user : null) },
    microsites: { resolve: () => null },
  } as unknown as Parameters<typeof pageKey>[0];

  it("tells hosts, addresses and sessions apart", () => {
    const keys = [
      pageKey(services, "GET", "a.test", "/", undefined),
      pageKey(services, "GET", "b.test", "/", undefined),
      pageKey(services, "GET", "a.test", "/?x=1", undefined),
      pageKey(services, "GET", "a.test", "/", "sid=good"),
    ];
    expect(keys.every((k) => typeof k === "string")).toBe(true);
    expect(new Set(keys).size).toBe(4);
    // A session that resolves to nobody sees what a visitor sees.
    expect(pageKey(services, "GET", "a.test", "/", "sid=stale")).toBe(keys[0]);
  });

  it.each([
    ["a POST", "POST", "/", undefined],
    ["a client navigation's data", "GET", "/student-dashboard.data", "sid=good"],
    ["a flash message", "GET", "/", "sid=good; flash=Saved"],
    ["a referral cookie", "GET", "/", "ref=uni"],
  ])("keeps nothing for %s", (_, method, target, cookie) => {
    expect(pageKey(services, method, "a.test", target, cookie)).toBeNull();
  });
});

describe("encodeHtml", () => {
  const html = Buffer.from("<p>a page</p>".repeat(200));
  it("prefers brotli, then gzip, and leaves small pages and plain clients alone", () => {
    const br = encodeHtml(html, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(html)).toBe(true);
    const gz = encodeHtml(html, "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).equals(html)).toBe(true);
    expect(encodeHtml(html, undefined)).toEqual({ body: html, encoding: null });
    expect(encodeHtml(Buffer.from("<p>small</p>"), "br").encoding).toBeNull();
  });
});
