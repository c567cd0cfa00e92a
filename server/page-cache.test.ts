import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache, encodeBody, pageKey } from "./page-cache";

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

/** Changes as the database would tell them: `change(table)` is a commit heard. */
function setup(opts: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  const state = { now: 0, count: 0, changedAt: new Map<string, number>() };
  const cache = new PageCache({
    ttlMs: opts.ttlMs ?? 10_000,
    maxEntries: opts.maxEntries ?? 10,
    maxBytes: opts.maxBytes ?? 1 << 20,
    changes: {
      changedSince: (tables, stamp) => [...tables].some((t) => (state.changedAt.get(t) ?? 0) > stamp),
    },
    now: () => state.now,
  });
  const change = (table: string) => state.changedAt.set(table, ++state.count);
  return { cache, state, change };
}

/** A render that began at `stamp` and read `tables`. */
const read = (tables: string[] = ["blog_posts"], stamp = 0, wrote = false) => ({ stamp, tables, wrote });

describe("PageCache", () => {
  it("serves a kept page with a new nonce in its policy and everywhere in its body", () => {
    const { cache, state } = setup();
    expect(cache.put("k", read(), 200, headersOf(), page("hello"))).toBe(true);
    state.now = 2_500;
    const entry = cache.get("k")!;
    const fresh = "ZnJlc2gtbm9uY2UtdmFsdWU=";
    const { headers, pieces, age } = cache.render(entry, fresh);
    expect(age).toBe(2);
    expect(Buffer.concat(pieces).toString()).toBe(page("hello", fresh).toString());
    expect(new Map(headers).get("content-security-policy")).toBe(
      `script-src 'self' 'nonce-${fresh}'; style-src 'nonce-${fresh}'`,
    );
    expect(new Map(headers).get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("drops the pages that read a table once it changes, and only those", () => {
    const { cache, change } = setup();
    cache.put("guide", read(["country_guide_pages"]), 200, headersOf(), page("guide"));
    cache.put("mine", read(["saved_jobs", "users"]), 200, headersOf(), page("mine"));
    cache.put("theirs", read(["users"]), 200, headersOf(), page("theirs"));
    change("saved_jobs");
    expect(cache.get("mine")).toBeUndefined();
    expect(cache.get("guide")).toBeDefined();
    expect(cache.get("theirs")).toBeDefined();
    expect(cache.size).toBe(2);
    change("users");
    expect(cache.get("theirs")).toBeUndefined();
    expect(cache.get("guide")).toBeDefined();
  });

  it("does not keep a page when a table it read changed while it was rendered", () => {
    const { cache, state, change } = setup();
    change("users");
    expect(cache.put("k", read(["users"], state.count - 1), 200, headersOf(), page("maybe old"))).toBe(false);
    expect(cache.get("k")).toBeUndefined();
    // Another table's change says nothing of this page.
    expect(cache.put("k", read(["blog_posts"], state.count - 1), 200, headersOf(), page("current"))).toBe(true);
    expect(cache.put("k", read(["users"], state.count), 200, headersOf(), page("current"))).toBe(true);
  });

  it("does not keep a page whose render wrote", () => {
    const { cache } = setup();
    expect(cache.put("k", read(["rate_limits"], 0, true), 200, headersOf(), page("counted"))).toBe(false);
  });

  it("keeps a client navigation's data, which has no nonce, and serves it as it was", () => {
    const { cache } = setup();
    const data = Buffer.from('[{"_1":2},"routes/home",{"data":3},"Saved jobs"]');
    const headers = new Headers({ "Content-Type": "text/x-script" });
    expect(cache.put("k.data", read(), 200, headers, data)).toBe(true);
    const { pieces, headers: kept } = cache.render(cache.get("k.data")!, "bm9uY2U=");
    expect(Buffer.concat(pieces).toString()).toBe(data.toString());
    expect(new Map(kept).get("content-type")).toBe("text/x-script");
  });

  it("keeps a page for ttlMs at most", () => {
    const { cache, state } = setup({ ttlMs: 10_000 });
    cache.put("k", read(), 200, headersOf(), page("x"));
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
    expect(cache.put("k", read(), status, headers, page("x"))).toBe(false);
    expect(cache.get("k")).toBeUndefined();
  });

  it("drops the oldest pages beyond its count and its bytes", () => {
    const { cache } = setup({ maxEntries: 2 });
    for (const k of ["a", "b", "c"]) cache.put(k, read(), 200, headersOf(), page(k));
    expect([cache.get("a"), cache.get("b") && "b", cache.get("c") && "c"]).toEqual([undefined, "b", "c"]);

    const size = page("x").length;
    const bytes = setup({ maxBytes: size * 2 + 1 }).cache;
    for (const k of ["a", "b", "c"]) bytes.put(k, read(), 200, headersOf(), page("x"));
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
    // A client navigation's data is kept apart from its page.
    expect(pageKey(services, "GET", "a.test", "/.data", "sid=good")).not.toBe(keys[3]);
    // A session that resolves to nobody sees what a visitor sees.
    expect(pageKey(services, "GET", "a.test", "/", "sid=stale")).toBe(keys[0]);
  });

  it("tells apart the same session before and after its person changed (an approval, a new role)", () => {
    let person = { id: 7, accessStatus: "awaiting_approval" };
    const changing = {
      sessions: { lookup: () => person },
      microsites: { resolve: () => null },
    } as unknown as Parameters<typeof pageKey>[0];
    const before = pageKey(changing, "GET", "a.test", "/workshop-and-webinars", "sid=good");
    person = { ...person, accessStatus: "active" };
    expect(pageKey(changing, "GET", "a.test", "/workshop-and-webinars", "sid=good")).not.toBe(before);
  });

  it.each([
    ["a POST", "POST", "/", undefined],
    ["a flash message", "GET", "/", "sid=good; flash=Saved"],
    ["a referral cookie", "GET", "/", "ref=uni"],
  ])("keeps nothing for %s", (_, method, target, cookie) => {
    expect(pageKey(services, method, "a.test", target, cookie)).toBeNull();
  });
});

describe("encodeBody", () => {
  const html = Buffer.from("<p>a page</p>".repeat(200));
  it("prefers brotli, then gzip, and leaves small pages and plain clients alone", () => {
    const br = encodeBody(html, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(html)).toBe(true);
    const gz = encodeBody(html, "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).equals(html)).toBe(true);
    expect(encodeBody(html, undefined)).toEqual({ body: html, encoding: null });
    expect(encodeBody(Buffer.from("<p>small</p>"), "br").encoding).toBeNull();
  });
});
