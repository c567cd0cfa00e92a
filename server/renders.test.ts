import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { RendersUnderWay } from "./renders";

/** A promise for each request, by address, made when first asked for, settled by the server. */
function signals<T>() {
  const byUrl = new Map<string, PromiseWithResolvers<T>>();
  return (url: string) => {
    if (!byUrl.has(url)) byUrl.set(url, Promise.withResolvers<T>());
    return byUrl.get(url)!;
  };
}

/**
 * A real HTTP server whose every request asks for one page, as server/app.ts does: the first renders
 * it (held until `release`), the others wait for that render, then render themselves if `lead` lets
 * them. Signals say when the server has seen each request, when its response closed, and what each
 * did once its turn came.
 */
async function pageServer() {
  const renders = new RendersUnderWay();
  const release = Promise.withResolvers<void>();
  const seen = signals<void>();
  const closed = signals<void>();
  const turn = signals<"rendered" | "skipped">();
  const go = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url!;
    if (!renders.lead("page", res)) return turn(url).resolve("skipped");
    turn(url).resolve("rendered");
    void release.promise.then(() => res.end(`page for ${url}`));
  };
  const server = http.createServer((req, res) => {
    res.once("close", () => closed(req.url!).resolve());
    seen(req.url!).resolve();
    const under = renders.of("page");
    if (under) void under.then(() => go(req, res));
    else go(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () => {
    server.closeAllConnections();
    server.close();
  };
  return { renders, release, seen, closed, turn, base, stop };
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe("RendersUnderWay", () => {
  it("holds a page's render until its answer has gone out, and lets the next request render after it", async () => {
    const s = await pageServer();
    stop = s.stop;
    const first = fetch(`${s.base}/first`).then((r) => r.text());
    await s.seen("/first").promise;
    expect(s.renders.of("page")).toBeDefined();
    const second = fetch(`${s.base}/second`).then((r) => r.text());
    await s.seen("/second").promise;
    s.release.resolve();
    expect(await first).toBe("page for /first");
    expect(await s.turn("/second").promise).toBe("rendered");
    expect(await second).toBe("page for /second");
    await s.closed("/second").promise;
    expect(s.renders.of("page")).toBeUndefined();
  });

  it("does not make a request whose client left while it waited the page's render, so the next one is answered", async () => {
    const s = await pageServer();
    stop = s.stop;
    const first = fetch(`${s.base}/first`).then((r) => r.text());
    await s.seen("/first").promise;
    // The second request waits for the first's render; its client hangs up meanwhile.
    const leaving = new AbortController();
    const second = fetch(`${s.base}/second`, { signal: leaving.signal }).catch((error: Error) => error.name);
    await s.seen("/second").promise;
    leaving.abort();
    expect(await second).toBe("AbortError");
    await s.closed("/second").promise;

    s.release.resolve();
    expect(await first).toBe("page for /first");
    // Its turn came with nobody to answer: no render, and none left under way for the page.
    expect(await s.turn("/second").promise).toBe("skipped");
    expect(s.renders.of("page")).toBeUndefined();
    const third = await fetch(`${s.base}/third`).then((r) => r.text());
    expect(third).toBe("page for /third");
  });
});
