import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJson, politeFetch, type PoliteFetchOptions } from "~/lib/polite-fetch.server";
import { manualClock } from "../../../../tests/support/clock";
import { CASES, withMarkdown } from "./fixtures/expected";
import { ADAPTER_KINDS, adapters, type AdapterKind } from "./index";

// Each provider's fixture served by a real HTTP server, which answers only a request that carries what the
// provider needs (the query parameters of requestUrl, the key where authorize puts it).
const KEYS: Partial<Record<AdapterKind, string>> = { teamtailor: "tt-key", adzuna: "id1:key1", reed: "reed-key" };
const NEEDED: Record<AdapterKind, string[]> = {
  greenhouse: ["content"],
  lever: ["mode"],
  ashby: ["includeCompensation"],
  workable: ["details"],
  smartrecruiters: ["limit"],
  recruitee: [],
  teamtailor: ["include"],
  adzuna: ["results_per_page", "app_id", "app_key"],
  reed: ["resultsToTake"],
  jsonld: [],
};

function keyed(kind: AdapterKind, req: http.IncomingMessage, url: URL): boolean {
  if (kind === "teamtailor")
    return req.headers.authorization === "Token token=tt-key" && !!req.headers["x-api-version"];
  if (kind === "adzuna") return url.searchParams.get("app_id") === "id1" && url.searchParams.get("app_key") === "key1";
  if (kind === "reed") return req.headers.authorization === `Basic ${Buffer.from("reed-key:").toString("base64")}`;
  return true;
}

let server: http.Server;
let base: string;
const served = new Map(ADAPTER_KINDS.map((kind) => [new URL(CASES[kind].url).pathname, kind]));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://127.0.0.1");
    if (url.pathname === "/v1/api/jobs/gb/search/2")
      return void res.writeHead(200, { "content-type": "application/json" }).end('{"count":2,"results":[]}');
    const kind = served.get(url.pathname);
    if (!kind) return void res.writeHead(404).end();
    if (!keyed(kind, req, url)) return void res.writeHead(401).end();
    const missing = NEEDED[kind].filter((name) => !url.searchParams.has(name));
    if (missing.length) return void res.writeHead(400, { "content-type": "text/plain" }).end(missing.join());
    const file = CASES[kind].file;
    res
      .writeHead(200, { "content-type": file.endsWith(".json") ? "application/json" : "text/html; charset=utf-8" })
      .end(fs.readFileSync(new URL(`./fixtures/${file}`, import.meta.url)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const options: PoliteFetchOptions = {
  contactUrl: "https://careers.example/about/crawler",
  allowLoopback: true,
  clock: manualClock(),
  wait: async () => {},
};

/** A source's URL as an operator gives it: the provider's address here, without what requestUrl adds. */
function sourceUrl(kind: AdapterKind): string {
  const url = new URL(CASES[kind].url);
  for (const name of NEEDED[kind])
    if (name !== "results_per_page" && name !== "resultsToTake") url.searchParams.delete(name);
  return `${base}${url.pathname}${url.search}`;
}

/** What a run does with one source: ask as the adapter says, read the answer, adapt it. */
async function run(kind: AdapterKind, source: string, key: string | null = KEYS[kind] ?? null) {
  const adapter = adapters[kind];
  const url = adapter.requestUrl(source);
  const request = key && adapter.authorize ? adapter.authorize(url, key) : { url, headers: {} };
  const result = await politeFetch(request.url, { ...options, headers: request.headers });
  if (result.status !== "ok") return { failed: result };
  const read = adapter.answer === "json" ? expectJson(result) : { ok: true as const, value: result.body };
  if (!read.ok) return { failed: read.problem };
  return adapter.adapt(read.value, { url, employer: CASES[kind].employer });
}

describe("job source adapters over HTTP", () => {
  it.each(ADAPTER_KINDS)("reads %s's fixture from a server as from the file", async (kind) => {
    const origin = new URL(CASES[kind].url).origin;
    const local = (text: string) => text.replace(origin, base);
    // The JSON-LD page's own address names a posting without an id, and is its apply link.
    const page = (text: string) =>
      text === CASES.jsonld.url || text.startsWith(`${CASES.jsonld.url}#`) ? local(text) : text;
    const got = await run(kind, sourceUrl(kind));
    expect(got).not.toHaveProperty("failed");
    const result = got as Exclude<typeof got, { failed: unknown }>;
    expect(result.records.map(withMarkdown)).toEqual(
      CASES[kind].records.map((record) =>
        kind === "jsonld" ? { ...record, id: page(record.id), apply_url: page(record.apply_url!) } : record,
      ),
    );
    expect(result.problems.map((problem) => problem.id)).toEqual(CASES[kind].problems.map(([id]) => id));
    // Teamtailor's next page is the absolute address its answer names; the others are built from the source's.
    expect(result.next).toBe(CASES[kind].next && (kind === "teamtailor" ? CASES[kind].next : local(CASES[kind].next)));
  });

  it("is refused by an API whose key is missing or wrong", async () => {
    for (const [kind, key] of [
      ["reed", null],
      ["reed", "other"],
      ["adzuna", "id1:wrong"],
      ["teamtailor", null],
    ] as const)
      expect(await run(kind, sourceUrl(kind), key)).toMatchObject({ failed: { status: "failed", httpStatus: 401 } });
  });

  it("follows Adzuna's next page to its end", async () => {
    const first = await run("adzuna", sourceUrl("adzuna"));
    const next = (first as { next?: string }).next!;
    expect(await run("adzuna", next)).toEqual({ records: [], problems: [] });
  });
});
