import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import type { ClientAddress } from "@remix-run/node-fetch-server";
import type { DestinationStream } from "pino";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { Database } from "~/db/client.server";
import { asRead, trackReads } from "~/db/reads.server";
import { clientIpContext } from "~/lib/context";
import { getLogsIn, patternOf, routeForPattern } from "~/route-table";
import { type Config, loadConfig } from "~/lib/env.server";
import { isOwnHost } from "~/lib/public-origin";
import { systemClock } from "~/lib/clock";
import { routePatternRequestHandler } from "~/lib/route-matching.server";
import { handleAccessCheck } from "./access-checks";
import { refuseLargeBody } from "./body-limit";
import { clientIp } from "./client-ip";
import { Bytes, fetchListener } from "./fetch-listener";
import { createMetrics } from "./metrics";
import { Readiness, databaseProbe, operationsEndpoints } from "./operations";
import { createRequestLog, logRequest, trackRequest } from "./request-log";
import { PageCache, encodeBody, pageKey, sendCachedPage } from "./page-cache";
import { personalCacheControl } from "./personal";
import { RendersUnderWay } from "./renders";
import { type Services, createServices } from "./services.server";
import { loadStaticFiles, serveStatic } from "./static";

export { runCli } from "./cli";
export { listenForBackups } from "./backup-socket";
export { ConfigError } from "~/lib/env.server";
export { DataDirLockedError } from "~/db/lock.server";
export { StartupError } from "~/lib/service";
/** For server.js, which listens while the app starts. */
export { answerWhileStarting } from "./operations";
/** For the HTTP tests, which open each app's embedded database from a snapshot (see `createApp`). */
export { openDatabase } from "~/db/client.server";
/** For npm run bench:analytics, which times the analytics' data queries in-process (the graduate outcomes' too). */
export * as analyticsBench from "~/features/analytics/bench.server";
export * as outcomesBench from "~/features/graduate-outcomes/bench.server";
/** For npm run bench:roster, which times a sync of 50,000 student records in-process. */
export * as rosterBench from "~/features/roster/bench.server";
/** For npm run bench:job-sources, which adds a 100,000-job source and runs it in-process. */
export * as jobSourcesBench from "~/features/job-sources/bench.server";
/**
 * For tests/e2e/prepare.js, which opens the end-to-end tests' sessions with the server's own session
 * store before the server starts (nothing served gives a session without the password).
 */
export { withMigratedDatabase } from "~/db/open.server";
export { startAuth } from "~/features/auth/service.server";

const SECURITY_HEADERS: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
];

/**
 * Cross-site form posts are refused before any action runs: browsers say where a request
 * comes from in Sec-Fetch-Site, and older ones in Origin.
 */
export function isCrossSite(req: IncomingMessage): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method ?? "GET")) return false;
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string") return site !== "same-origin" && site !== "none";
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/**
 * What is wrong with an address no page can answer: a NUL character (no page or query holds one,
 * and PostgreSQL text cannot), or a path that is not valid percent-encoding. Refused before
 * anything reads it; null for every other address.
 */
export function addressProblem(target: string, pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return "The address is not valid URL encoding. Check the link and try again.";
  }
  if (path.includes("\0") || /%00|\0/i.test(target))
    return "The address holds a character that is not allowed (%00). Check the link and try again.";
  return null;
}

/**
 * A body the app stopped reading (refused as too large, or answered before it was read) leaves the
 * rest of its bytes on the connection, and the next request kept alive on it would wait behind them
 * for ever: such an answer says `Connection: close`, and the connection ends after it. Decided as the
 * answer's head is written, the one moment the request's state and the head meet.
 */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete) this.shouldKeepAlive = false;
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

export type App = {
  config: Config;
  services: Services;
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * A graceful stop (SIGTERM): /readyz answers 503 and every answer closes its connection; `server`
   * takes no new connection; the requests under way get `graceMs` to finish, then what is left is
   * closed; meanwhile the job runner hands back the jobs it has not started and gives the one under
   * way the same time; then the app closes (its database last).
   */
  shutdown(server: Server, graceMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function createApp(options: {
  rootDir: string;
  getBuild?: () => Promise<ServerBuild>;
  /** Where the configuration is read (the HTTP tests run several apps in one process). */
  env?: NodeJS.ProcessEnv;
  /** A database already open, served instead of the configured one and left open on close. */
  database?: Database;
  /** Where the request log goes instead of standard output (the HTTP tests keep each app's apart). */
  logTo?: DestinationStream;
  /** Called once the database is open, before migrations, content and the demo data (server.js listens then). */
  whenOpen?: (config: Config) => Promise<void>;
}): Promise<App> {
  const config = loadConfig(options.env ?? process.env);
  const services = await createServices(config, options.rootDir, {
    database: options.database,
    whenOpen: options.whenOpen && (() => options.whenOpen!(config)),
  });
  // A function makes React Router rebuild its handler per request: only dev (for hot reload) passes one.
  const build = options.getBuild ?? ((await import("virtual:react-router/server-build")) as ServerBuild);
  const statics = loadStaticFiles(path.join(options.rootDir, "build", "client"));
  const log = createRequestLog(config.LOG_LEVEL, options.logTo);
  // Made only when asked for (METRICS_TOKEN): no registry, and nothing counted, otherwise.
  const metrics = config.METRICS_TOKEN ? createMetrics(services.database, systemClock) : null;
  const readiness = new Readiness(databaseProbe(services.database, options.rootDir));
  const operations = operationsEndpoints(readiness, metrics, config.METRICS_TOKEN);
  const recorded =
    metrics || log.isLevelEnabled("info")
      ? (record: Parameters<typeof logRequest>[1]) => (metrics?.request(record), logRequest(log, record))
      : null;
  const routeOf = (pathname: string) => patternOf(pathname) ?? (statics.has(pathname) ? "(static file)" : "(no page)");

  const render = routePatternRequestHandler(build, config.NODE_ENV === "production" ? "production" : "development");
  // Dev re-renders every time, for hot reload.
  const changes = !options.getBuild && config.PAGE_CACHE_SECONDS > 0 ? await services.database.watchChanges() : null;
  const cache = changes
    ? new PageCache({ ttlMs: config.PAGE_CACHE_SECONDS * 1000, maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, changes })
    : null;

  // A failed session look-up keeps nothing: the page's guard answers it (503).
  const keyOf = (
    method: string | undefined,
    host: string | null | undefined,
    target: string,
    cookie: string | null | undefined,
  ) => {
    if (!cache) return null;
    try {
      const key = pageKey(services, method, host, target, cookie);
      return key instanceof Promise ? key.catch(() => null) : key;
    } catch {
      return null;
    }
  };

  const pages = fetchListener(async (request: Request, client: ClientAddress) => {
    const context = new RouterContextProvider();
    services.provide(context);
    context.set(clientIpContext, clientIp(request.headers.get("x-forwarded-for"), client.address, config));
    const url = new URL(request.url);
    const key = await keyOf(
      request.method,
      request.headers.get("host"),
      url.pathname + url.search,
      request.headers.get("cookie"),
    );
    const stamp = changes?.stamp() ?? 0;
    const { value: response, reads } = key
      ? await trackReads(changes!, () => render(request, context))
      : { value: await render(request, context), reads: null };
    const personal = personalCacheControl(request.headers.get("cookie"), response.headers);
    const html = response.headers.get("content-type")?.startsWith("text/html");
    // A navigation's data is kept like its page; other data streams through.
    const keptData = key && response.status === 200 && url.pathname.endsWith(".data");
    if (!response.body || !(html || keptData)) {
      if (!personal) return response;
      const headers = new Headers(response.headers);
      headers.set("Cache-Control", personal);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    const content = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.append("Vary", "Accept-Encoding");
    // Kept before it is marked personal: the cache refuses what a route itself said not to store.
    if (key && reads) cache!.put(key, { stamp, ...reads }, response.status, headers, content);
    if (personal) headers.set("Cache-Control", personal);
    const { body, encoding } = encodeBody(content, request.headers.get("accept-encoding"));
    if (encoding) headers.set("Content-Encoding", encoding);
    // Its length known, the page goes out with its headers in one write, not as chunks.
    headers.set("Content-Length", String(body.length));
    return new Bytes(response.status, response.statusText, headers, body);
  });

  const renders = new RendersUnderWay();
  const lead = (key: string, req: IncomingMessage, res: ServerResponse) => {
    if (renders.lead(key, res)) pages(req, res);
  };

  /**
   * A kept page when there is one and nothing it read has changed, else the page rendered by React
   * Router. On a PostgreSQL server the changes first catch up with the request (one query on the
   * connection that listens, shared by the requests that ask at once). A request for a page being
   * rendered waits for that render and asks again, once: when a kept page expires under load, one
   * render answers the many who asked for it rather than each rendering it through the same pool.
   */
  const fromCache = (key: string | null, req: IncomingMessage, res: ServerResponse, waited = false) => {
    if (!key) return pages(req, res);
    const miss = () => {
      const under = waited ? undefined : renders.of(key);
      if (!under) return lead(key, req, res);
      void under.then(() => fromCache(key, req, res, true));
    };
    if (!cache!.has(key)) return miss();
    const kept = () => sendCachedPage(cache!, key, req, res) && (metrics?.pageKept(), true);
    const caughtUp = changes!.caughtUp();
    // Changes unheard (the listening connection lost): nothing is served kept, so no render is waited for.
    if (caughtUp === false) return pages(req, res);
    if (caughtUp === true) return kept() || miss();
    void caughtUp.then((yes) => (yes && kept()) || miss(), miss);
  };
  const page = (req: IncomingMessage, res: ServerResponse) => {
    const key = keyOf(req.method, req.headers.host, req.url ?? "/", req.headers.cookie);
    if (!key || typeof key === "string") return fromCache(key, req, res);
    void key.then((k) => fromCache(k, req, res));
  };

  /** A request for a host this site is not: 421, before anything reads it or builds a link from it. */
  const misdirected = (res: ServerResponse) => {
    res.writeHead(421, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
    res.end("This server does not serve that host name. Check the address and try again.");
  };
  const knowsHost = (name: string) => services.microsites.knowsHost(name);

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    // Before the host check: balancers and Prometheus ask by address.
    if (operations(req, res)) return;
    const own = isOwnHost(config, req.headers.host, knowsHost);
    if (own === false) return misdirected(res);
    if (own !== true) {
      void own.then(
        (yes) => (yes ? route(req, res) : misdirected(res)),
        () => {
          res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" });
          res.end("The site is unavailable for a moment. Try again shortly.");
        },
      );
      return;
    }
    route(req, res);
  };

  const route = (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? "/";
    const q = target.indexOf("?");
    const pathname = q < 0 ? target : target.slice(0, q);
    if (serveStatic(statics, req, res, pathname)) return;
    if (isCrossSite(req)) {
      const pattern = patternOf(pathname);
      if (!pattern || !routeForPattern(pattern)?.crossSitePost) {
        res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Forms may only be sent from this site. Go back, reload the page and try again.");
        return;
      }
      // React Router refuses an action whose Origin is not ours: this one proves itself (route-table.ts).
      delete req.headers.origin;
    }
    const badAddress = addressProblem(target, pathname);
    if (badAddress) {
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(badAddress);
      return;
    }
    if (refuseLargeBody(req, res, pathname)) return;
    if (handleAccessCheck(services, req, res, pathname, q < 0 ? "" : target.slice(q + 1))) return;
    closeIfBodyUnread(req, res);
    page(req, res);
  };
  /** While shutting down: the server, whose connections each close once their answer has ended. */
  let draining: Server | null = null;
  // An answer begun before the shutdown promised keep-alive: its connection is closed once idle.
  const closeIdle = () => draining?.closeIdleConnections();
  const answered = () => {
    if (draining) setImmediate(closeIdle);
  };

  // Named in the log by its route's pattern, so that no token or signature of the address is written there.
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    trackRequest(req, res, routeOf, recorded);
    res.once("close", answered);
    if (draining) res.setHeader("Connection", "close");
    if ((req.method === "GET" || req.method === "HEAD") && !getLogsIn(req.url ?? "/"))
      asRead(
        () => `${req.method} ${patternOf(req.url ?? "/") ?? "(no page)"}`,
        () => answer(req, res),
      );
    else answer(req, res);
  };

  const shutdown = async (server: Server, graceMs = 10_000) => {
    readiness.drain();
    draining = server;
    server.close();
    server.closeIdleConnections();
    const closed = new Promise<void>((resolve) => server.once("close", resolve));
    const jobs = services.stopJobs(graceMs);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([closed, graceOver]);
    clearTimeout(timer);
    server.closeAllConnections();
    await jobs;
    await services.close();
  };

  return { config, services, handler, shutdown, close: () => services.close() };
}
