import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../tests/support/clock";
import {
  CRAWLER_TOKEN,
  expectJson,
  HostPacer,
  parseRobots,
  politeFetch,
  RobotsCache,
  robotsAllows,
  robotsVerdict,
  type FetchOk,
  type PoliteFetchOptions,
} from "./polite-fetch.server";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let server: http.Server;
let base: string;
let routes: Map<string, Handler>;
const seen: http.IncomingMessage[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req);
    const handler = routes.get(new URL(req.url!, "http://x").pathname);
    if (handler) handler(req, res);
    else res.writeHead(404, { "content-type": "text/plain" }).end("not here");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  routes = new Map();
  seen.length = 0;
});

const json = (body: unknown, headers: http.OutgoingHttpHeaders = {}): Handler => {
  return (_req, res) =>
    res.writeHead(200, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
};

/** Options for the tests: this machine allowed, waits recorded and skipped, jitter at its lowest. */
function testOptions(extra: Partial<PoliteFetchOptions> = {}) {
  const clock = manualClock();
  const delays: number[] = [];
  const options: PoliteFetchOptions = {
    contactUrl: "https://careers.example/about/crawler",
    allowLoopback: true,
    clock,
    random: () => 0,
    wait: async (ms) => {
      delays.push(ms);
      clock.advance(ms);
    },
    ...extra,
  };
  return { options, delays, clock };
}

const ok = <T>(result: { status: string }) => {
  expect(result).toMatchObject({ status: "ok" });
  return result as FetchOk<T>;
};

describe("politeFetch", () => {
  it("names the platform, asks for gzip and decodes it, and returns the validators and the content type", async () => {
    const jobs = { jobs: [{ id: 1, title: "Data analyst — Zürich" }] };
    routes.set("/jobs", (req, res) => {
      const zipped = req.headers["accept-encoding"] === "gzip";
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        ...(zipped ? { "content-encoding": "gzip" } : {}),
        etag: '"v1"',
        "last-modified": "Mon, 01 Jun 2026 08:00:00 GMT",
      });
      res.end(zipped ? gzipSync(JSON.stringify(jobs)) : "not zipped");
    });
    const result = ok<string>(await politeFetch(`${base}/jobs?page=1`, testOptions().options));
    expect(seen[0]!.headers["user-agent"]).toBe("CareerPlatformBot/1.0 (+https://careers.example/about/crawler)");
    expect(JSON.parse(result.body)).toEqual(jobs);
    expect(result).toMatchObject({
      etag: '"v1"',
      lastModified: "Mon, 01 Jun 2026 08:00:00 GMT",
      contentType: "application/json; charset=utf-8",
      finalUrl: `${base}/jobs?page=1`,
    });
  });

  it("asks conditionally with the previous validators and answers not-modified on 304", async () => {
    routes.set("/jobs", (req, res) => {
      if (
        req.headers["if-none-match"] === '"v1"' &&
        req.headers["if-modified-since"] === "Mon, 01 Jun 2026 08:00:00 GMT"
      )
        res.writeHead(304).end();
      else json({ changed: true })(req, res);
    });
    const { options } = testOptions({ etag: '"v1"', lastModified: "Mon, 01 Jun 2026 08:00:00 GMT" });
    expect(await politeFetch(`${base}/jobs`, options)).toEqual({ status: "not-modified" });
    ok(await politeFetch(`${base}/jobs`, { ...options, etag: '"v0"' }));
  });

  it("decodes the charset the answer names", async () => {
    routes.set("/page", (_req, res) =>
      res.writeHead(200, { "content-type": "text/html; charset=ISO-8859-1" }).end(Buffer.from("Café £30k", "latin1")),
    );
    expect(ok<string>(await politeFetch(`${base}/page`, testOptions().options)).body).toBe("Café £30k");
  });

  it("returns bytes when asked", async () => {
    routes.set("/sitemap.xml.gz", (_req, res) => res.writeHead(200).end(gzipSync("<urlset/>")));
    const result = ok<Buffer>(await politeFetch(`${base}/sitemap.xml.gz`, { ...testOptions().options, as: "buffer" }));
    expect(Buffer.isBuffer(result.body)).toBe(true);
    expect(result.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  describe("retries", () => {
    it("retries a 500 and succeeds on the 200 that follows, after backing off", async () => {
      let calls = 0;
      routes.set("/jobs", (req, res) =>
        ++calls === 1 ? res.writeHead(500).end("oops") : json({ jobs: [] })(req, res),
      );
      const { options, delays } = testOptions();
      expect(ok<string>(await politeFetch(`${base}/jobs`, options)).body).toBe('{"jobs":[]}');
      expect(calls).toBe(2);
      // The first retry waits between half the base backoff (1 s) and all of it; random() = 0 gives the half.
      expect(delays).toEqual([500]);
    });

    it("gives up after the attempts allowed, doubling the wait, and says how often it tried", async () => {
      routes.set("/jobs", (_req, res) => res.writeHead(503).end());
      const { options, delays } = testOptions({ random: () => 1 });
      expect(await politeFetch(`${base}/jobs?app_key=secret`, options)).toEqual({
        status: "failed",
        reason: "http",
        httpStatus: 503,
        message: `${base}/jobs answered HTTP 503 Service Unavailable (3 attempts).`,
      });
      expect(delays).toEqual([1000, 2000]);
    });

    it("honours Retry-After in seconds and as an HTTP date", async () => {
      let calls = 0;
      const { options, delays, clock } = testOptions();
      routes.set("/seconds", (req, res) =>
        ++calls % 2 === 1 ? res.writeHead(429, { "retry-after": "7" }).end() : json([])(req, res),
      );
      routes.set("/date", (req, res) =>
        ++calls % 2 === 1
          ? res.writeHead(503, { "retry-after": new Date(clock().getTime() + 30_000).toUTCString() }).end()
          : json([])(req, res),
      );
      ok(await politeFetch(`${base}/seconds`, options));
      ok(await politeFetch(`${base}/date`, options));
      expect(delays).toEqual([7000, 30_000]);
    });

    it("stops at once when Retry-After asks for longer than a run waits", async () => {
      routes.set("/jobs", (_req, res) => res.writeHead(429, { "retry-after": "3600" }).end());
      const { options, delays } = testOptions();
      const result = await politeFetch(`${base}/jobs`, options);
      expect(result).toMatchObject({ status: "failed", reason: "http", httpStatus: 429 });
      expect(result.status === "failed" && result.message).toBe(
        `${base}/jobs answered HTTP 429 Too Many Requests and asked to be called again in 3600 s, longer than the 120 s a run waits.`,
      );
      expect(delays).toEqual([]);
    });

    it("does not retry a 404", async () => {
      const { options, delays } = testOptions();
      expect(await politeFetch(`${base}/gone`, options)).toEqual({
        status: "failed",
        reason: "http",
        httpStatus: 404,
        message: `${base}/gone answered HTTP 404 Not Found.`,
      });
      expect(seen).toHaveLength(1);
      expect(delays).toEqual([]);
    });

    it("retries a network error", async () => {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const { options, delays } = testOptions({ maxAttempts: 2 });
      const result = await politeFetch(`http://127.0.0.1:${port}/jobs`, options);
      expect(result).toMatchObject({ status: "failed", reason: "network" });
      expect(result.status === "failed" && result.message).toMatch(
        /^Could not reach .*: .*ECONNREFUSED.*\(2 attempts\)\.$/,
      );
      expect(delays).toEqual([500]);
    });
  });

  describe("bad sources", () => {
    it("gives up on an answer whose headers do not come in time", async () => {
      routes.set("/silent", () => {});
      const { options, delays } = testOptions({ headersTimeoutMs: 200 });
      expect(await politeFetch(`${base}/silent`, options)).toEqual({
        status: "failed",
        reason: "timeout",
        message: `${base}/silent did not answer within 0.2 s.`,
      });
      expect(delays).toEqual([]);
    });

    it("gives up on a slow answer that never finishes", async () => {
      routes.set("/slow", (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"jobs":[');
      });
      const { options } = testOptions({ bodyTimeoutMs: 200 });
      expect(await politeFetch(`${base}/slow`, options)).toEqual({
        status: "failed",
        reason: "timeout",
        message: `${base}/slow did not finish its answer within 0.2 s.`,
      });
    });

    it("refuses a 100 MB answer after reading no more than its limit", async () => {
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, "x");
      routes.set("/huge", (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        const pump = () => {
          while (sent < 100 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.on("close", () => res.removeAllListeners("drain"));
        pump();
      });
      expect(await politeFetch(`${base}/huge`, testOptions().options)).toEqual({
        status: "failed",
        reason: "too-large",
        message: `${base}/huge answered more than 20 MB; the answer was refused.`,
      });
      // The 20 MB read, and what the sockets' buffers held: far from the 100 MB.
      expect(sent).toBeLessThan(40 * 1024 * 1024);
    });

    it("refuses at once an answer that declares its size over the limit", async () => {
      routes.set("/declared", (_req, res) => {
        res.writeHead(200, { "content-length": String(2 * 1024 * 1024) });
        res.write("x");
      });
      expect(await politeFetch(`${base}/declared`, testOptions({ maxBytes: 1024 * 1024 }).options)).toMatchObject({
        status: "failed",
        reason: "too-large",
      });
    });

    it("counts the decoded size of a gzipped answer, so a small zip of zeros cannot fill memory", async () => {
      routes.set("/bomb", (_req, res) =>
        res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.alloc(5 * 1024 * 1024))),
      );
      expect(await politeFetch(`${base}/bomb`, testOptions({ maxBytes: 1024 * 1024 }).options)).toMatchObject({
        status: "failed",
        reason: "too-large",
      });
    });

    it("refuses a redirect loop and more than five redirects, and follows five", async () => {
      routes.set("/a", (_req, res) => res.writeHead(302, { location: "/b" }).end());
      routes.set("/b", (_req, res) => res.writeHead(301, { location: `${base}/a` }).end());
      for (let i = 0; i < 6; i++)
        routes.set(`/hop${i}`, (_req, res) => res.writeHead(307, { location: `/hop${i + 1}` }).end());
      routes.set("/hop6", json({ arrived: true }));
      routes.set("/ftp", (_req, res) => res.writeHead(302, { location: "ftp://files.example/jobs.json" }).end());
      const { options } = testOptions();
      expect(await politeFetch(`${base}/a`, options)).toEqual({
        status: "failed",
        reason: "redirects",
        message: `${base}/a redirects in a loop (${base}/b leads back to ${base}/a).`,
      });
      expect(await politeFetch(`${base}/hop0`, options)).toEqual({
        status: "failed",
        reason: "redirects",
        message: `${base}/hop0 redirects more than 5 times.`,
      });
      expect(ok(await politeFetch(`${base}/hop1`, options)).finalUrl).toBe(`${base}/hop6`);
      expect(await politeFetch(`${base}/ftp`, options)).toMatchObject({ status: "failed", reason: "not-allowed" });
    });

    it("keeps credentials from another origin a redirect leads to, and its own User-Agent", async () => {
      const other = base.replace("127.0.0.1", "localhost");
      routes.set("/away", (_req, res) => res.writeHead(302, { location: `${other}/there` }).end());
      routes.set("/there", json([]));
      ok(
        await politeFetch(`${base}/away`, {
          ...testOptions().options,
          headers: { Authorization: "Basic a2V5Og==", "User-Agent": "curl/8" },
        }),
      );
      expect(seen.map((req) => req.headers.authorization)).toEqual(["Basic a2V5Og==", undefined]);
      expect(seen.map((req) => req.headers["user-agent"]?.split("/")[0])).toEqual([CRAWLER_TOKEN, CRAWLER_TOKEN]);
    });

    it("refuses this machine unless allowed, and what is not a web address", async () => {
      routes.set("/jobs", json([]));
      const { options } = testOptions({ allowLoopback: false });
      expect(await politeFetch(`${base}/jobs`, options)).toMatchObject({ status: "failed", reason: "not-allowed" });
      expect(await politeFetch("jobs.json", options)).toMatchObject({ status: "failed", reason: "not-allowed" });
      expect(seen).toHaveLength(0);
    });
  });
});

describe("expectJson", () => {
  const answer = (body: string, contentType?: string): FetchOk<string> => ({
    status: "ok",
    body,
    finalUrl: "https://boards.example/v1/jobs?api_key=secret",
    ...(contentType ? { contentType } : {}),
  });

  it("parses JSON, JSON:API's type and a body with no content type", () => {
    expect(expectJson(answer(' \n{"jobs":[]}', "application/json; charset=utf-8"))).toEqual({
      ok: true,
      value: { jobs: [] },
    });
    expect(expectJson(answer('{"data":[]}', "application/vnd.api+json"))).toMatchObject({ ok: true });
    expect(expectJson(answer("[1]"))).toEqual({ ok: true, value: [1] });
  });

  it("refuses HTML where JSON was expected, by its type or by its first character", () => {
    expect(expectJson(answer("<!DOCTYPE html><html><body>Sign in</body></html>", "text/html; charset=utf-8"))).toEqual({
      ok: false,
      problem:
        'https://boards.example/v1/jobs answered text/html where JSON was expected (it begins "<!DOCTYPE html><html><body>Sign in</body"…).',
    });
    expect(expectJson(answer("<html>maintenance</html>", "application/json"))).toEqual({
      ok: false,
      problem:
        'https://boards.example/v1/jobs answered something other than JSON (it begins "<html>maintenance</html>").',
    });
  });

  it("refuses invalid JSON with the parser's reason", () => {
    const result = expectJson(answer('{"jobs": [ {"id": 1}, ', "application/json"));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/^https:\/\/boards\.example\/v1\/jobs answered invalid JSON: .+\.$/);
  });
});

describe("robots.txt (RFC 9309)", () => {
  const allows = (robots: string, agent: string, path: string) =>
    robotsVerdict(parseRobots(robots), agent, `https://www.example.com${path}`).allowed;

  // RFC 9309 section 5.1.
  const simple = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF`;

  it.each([
    ["anybot", "/example/page.html", false],
    ["anybot", "/publications/report.html", true],
    ["anybot", "/images/logo.gif", false],
    ["anybot", "/images/logo.gif?size=2", true],
    ["anybot", "/about", true],
    ["foobot", "/example/page.html", true],
    ["foobot", "/example/allowed.gif", true],
    ["foobot", "/example/other.html", false],
    ["foobot", "/", false],
    ["FooBot", "/about", false],
    ["barbot", "/example/page.html", false],
    ["bazbot", "/example/page.html", false],
    ["bazbot", "/example/other.html", true],
    ["bazbot", "/images/logo.gif", true],
    ["quxbot", "/example/page.html", true],
  ])("RFC 9309 5.1: %s at %s is allowed: %s", (agent, path, expected) => {
    expect(allows(simple, agent, path)).toBe(expected);
  });

  it("takes the longest match (RFC 9309 5.2), and allow on a tie", () => {
    const robots = "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
    expect(allows(robots, "foobot", "/example/page/")).toBe(true);
    expect(allows(robots, "foobot", "/example/page/disallowed.gif")).toBe(false);
    expect(allows("User-agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a")).toBe(true);
    expect(allows("User-agent: *\nDisallow: /folder\nAllow: /folder/*.html$\n", "x", "/folder/page.html")).toBe(true);
    expect(allows("User-agent: *\nDisallow: /folder\nAllow: /folder/*.html$\n", "x", "/folder/page.html?x")).toBe(
      false,
    );
  });

  it("joins the groups of one agent and ignores rules before any group (RFC 9309 2.2.1)", () => {
    const robots =
      "Disallow: /\nuser-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n";
    expect(["/foo", "/bar", "/baz", "/qux"].map((path) => allows(robots, "examplebot", path))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(allows(robots, "otherbot", "/foo")).toBe(true);
  });

  it("compares paths percent-encoded as RFC 9309 2.2.2 says, and ignores comments", () => {
    expect(allows("User-agent: *\nDisallow: /foo/bar/ツ # the katakana\n", "x", "/foo/bar/%E3%83%84")).toBe(false);
    expect(allows("User-agent: *\nDisallow: /foo/bar/%e3%83%84\n", "x", "/foo/bar/ツ")).toBe(false);
    expect(allows("User-agent: *\nDisallow: /foo/bar/baz\n", "x", "/foo/bar/%62%61%7A")).toBe(false);
    expect(allows("User-agent: *\n# Disallow: /\n", "x", "/")).toBe(true);
  });

  it("reads * as any characters and a final $ as the end (RFC 9309 2.2.3)", () => {
    const robots = "User-agent: *\nDisallow: /this/*/exactly\nDisallow: /that/path/exactly$\n";
    expect(allows(robots, "x", "/this/a/b/exactly")).toBe(false);
    expect(allows(robots, "x", "/this/exactly")).toBe(true);
    expect(allows(robots, "x", "/that/path/exactly")).toBe(false);
    expect(allows(robots, "x", "/that/path/exactly/more")).toBe(true);
  });

  it("always allows /robots.txt and reads Crawl-delay in seconds", () => {
    const groups = parseRobots(`User-agent: ${CRAWLER_TOKEN}\nCrawl-delay: 2.5\nDisallow: /\n`);
    expect(robotsVerdict(groups, CRAWLER_TOKEN, "https://a.example/robots.txt")).toEqual({
      allowed: true,
      crawlDelayMs: 2500,
    });
    expect(robotsVerdict(groups, CRAWLER_TOKEN, "https://a.example/jobs?id=1")).toEqual({
      allowed: false,
      crawlDelayMs: 2500,
      message: `https://a.example/robots.txt does not let ${CRAWLER_TOKEN} fetch https://a.example/jobs.`,
    });
  });

  describe("robotsAllows", () => {
    const fetcher = (url: string) => politeFetch(url, { ...testOptions().options, maxAttempts: 1 });

    it("reads robots.txt once per host for a day", async () => {
      routes.set("/robots.txt", (_req, res) => res.writeHead(200).end("User-agent: *\nDisallow: /private\n"));
      const clock = manualClock();
      const cache = new RobotsCache(clock);
      const [jobs, hidden] = await Promise.all([
        robotsAllows(`${base}/jobs`, CRAWLER_TOKEN, fetcher, cache),
        robotsAllows(`${base}/private/x`, CRAWLER_TOKEN, fetcher, cache),
      ]);
      expect(jobs).toEqual({ allowed: true });
      expect(hidden.allowed).toBe(false);
      const other = base.replace("127.0.0.1", "localhost");
      expect((await robotsAllows(`${other}/private/x`, CRAWLER_TOKEN, fetcher, cache)).allowed).toBe(false);
      expect(seen.map((req) => req.headers.host)).toEqual([new URL(base).host, new URL(other).host]);
      clock.advance(24 * 60 * 60 * 1000);
      await robotsAllows(`${base}/jobs`, CRAWLER_TOKEN, fetcher, cache);
      expect(seen).toHaveLength(3);
    });

    it("allows everything when robots.txt is missing, and nothing when it fails with 5xx", async () => {
      expect(await robotsAllows(`${base}/jobs`, CRAWLER_TOKEN, fetcher, new RobotsCache())).toEqual({ allowed: true });
      routes.set("/robots.txt", (_req, res) => res.writeHead(503).end());
      expect(await robotsAllows(`${base}/jobs`, CRAWLER_TOKEN, fetcher, new RobotsCache())).toEqual({
        allowed: false,
        message: `${base}/robots.txt could not be read, so nothing on the site is fetched: ${base}/robots.txt answered HTTP 503 Service Unavailable (1 attempt).`,
      });
    });
  });
});

describe("HostPacer", () => {
  it("spaces requests to one host by the delay or the Crawl-delay, and lets other hosts go at once", async () => {
    const clock = manualClock();
    const waits: number[] = [];
    const pacer = new HostPacer({ clock, wait: async (ms) => void waits.push(ms) });
    await Promise.all(
      ["https://a.example/1", "https://a.example/2", "https://b.example/1", "https://a.example/3"].map((url) =>
        pacer.pace(url),
      ),
    );
    expect(waits).toEqual([1000, 2000]);
    clock.advance(3500);
    await pacer.pace("https://b.example/2");
    await pacer.pace("https://a.example/4", 5000);
    await pacer.pace("https://a.example/5");
    // a's next slot was at 3 s, so the fourth goes at once; the fifth waits the Crawl-delay the fourth was given.
    expect(waits).toEqual([1000, 2000, 5000]);
  });
});
