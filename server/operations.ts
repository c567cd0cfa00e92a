import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { migrationsApplied } from "~/db/open.server";
import { describeError } from "~/lib/describe-error";
import type { Metrics } from "./metrics";

/**
 * The operations endpoints: /healthz (the process lives), /readyz (it may be sent requests) and
 * /metrics (Prometheus). Answered before the host check, for load balancers and Prometheus ask by
 * address; none reads a session or renders anything, and /healthz touches nothing at all.
 */
const PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

function send(req: IncomingMessage, res: ServerResponse, status: number, body: string, headers = {}): void {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

const pathOf = (target: string) => {
  const q = target.search(/[?#]/);
  const path = q < 0 ? target : target.slice(0, q);
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
};

/** Whether an Authorization header carries `token` as a Bearer token, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +([\x21-\x7e]+) *$/i.exec(authorization ?? "")?.[1];
  // Digests have one length, so the comparison tells nothing of the token's length either.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  const equal = timingSafeEqual(digest(given ?? ""), digest(token));
  return equal && given !== undefined;
}

export type Verdict = { ready: boolean; reason: string };

/** What readiness asks of the database. */
export type ReadinessProbe = {
  /** A statement that costs nothing: the database answers. */
  ping(): Promise<unknown>;
  /** How many of the code's migrations it has applied. */
  migrations(): Promise<{ applied: number; expected: number }>;
};

export function databaseProbe(database: Database, rootDir: string): ReadinessProbe {
  return {
    ping: () => database.db.execute(sql`select 1`),
    migrations: () => migrationsApplied(database, rootDir),
  };
}

/**
 * Whether this instance should be sent requests: not while it shuts down, and only while the database
 * answers with the code's migrations applied. Cheap enough for a probe every second from each
 * balancer: one `select 1` however many probes arrive together (they share the question under way),
 * and the migrations counted only until they are found current.
 */
export class Readiness {
  private draining = false;
  private migrationsCurrent = false;
  private asking: Promise<Verdict> | null = null;

  constructor(
    private readonly probe: ReadinessProbe,
    private readonly timeoutMs = 2_000,
  ) {}

  /** From now on: not ready (the instance is shutting down). */
  drain(): void {
    this.draining = true;
  }

  async check(): Promise<Verdict> {
    if (this.draining) return { ready: false, reason: "shutting down" };
    // A database that hangs answers no probe, and the probes do not pile up on it: they wait for the one question.
    this.asking ??= this.ask().finally(() => (this.asking = null));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Verdict>((resolve) => {
      timer = setTimeout(
        () => resolve({ ready: false, reason: `the database did not answer within ${this.timeoutMs} ms` }),
        this.timeoutMs,
      );
    });
    try {
      const verdict = await Promise.race([this.asking, late]);
      return this.draining ? { ready: false, reason: "shutting down" } : verdict;
    } finally {
      clearTimeout(timer);
    }
  }

  private async ask(): Promise<Verdict> {
    try {
      await this.probe.ping();
      if (!this.migrationsCurrent) {
        const { applied, expected } = await this.probe.migrations();
        if (applied < expected)
          return { ready: false, reason: `the database has ${applied} of ${expected} migrations applied` };
        this.migrationsCurrent = true;
      }
      return { ready: true, reason: "ready" };
    } catch (error) {
      console.error(`The readiness probe could not reach the database: ${describeError(error)}`);
      return { ready: false, reason: "the database does not answer" };
    }
  }
}

/**
 * Answers the request when it is for an operations endpoint; false for any other path. /metrics is
 * 404 unless `metricsToken` is set, and then answers only that token (401 otherwise).
 */
export function operationsEndpoints(
  readiness: Readiness,
  metrics: Metrics | null,
  metricsToken: string | undefined,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const path = pathOf(req.url ?? "/");
    if (!PATHS.has(path)) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(req, res, 405, "Use GET.\n", { Allow: "GET, HEAD" });
      return true;
    }
    if (path === "/healthz") {
      send(req, res, 200, "ok\n");
    } else if (path === "/readyz") {
      void readiness.check().then((v) => send(req, res, v.ready ? 200 : 503, `${v.reason}\n`));
    } else if (!metrics || !metricsToken) {
      send(req, res, 404, "Not found.\n");
    } else if (!bearerMatches(req.headers.authorization, metricsToken)) {
      send(req, res, 401, "The metrics need the token (Authorization: Bearer …).\n", {
        "WWW-Authenticate": 'Bearer realm="metrics"',
      });
    } else {
      metrics.scrape().then(
        (text) => send(req, res, 200, text, { "Content-Type": metrics.contentType }),
        (error: unknown) => {
          console.error(`The metrics could not be gathered: ${describeError(error)}`);
          send(req, res, 500, "The metrics could not be gathered.\n");
        },
      );
    }
    return true;
  };
}

/**
 * What server.js answers while the app starts (migrations, content, the demo data): the process
 * lives, and is not ready. Every other request is asked to come back shortly.
 */
export function answerWhileStarting(req: IncomingMessage, res: ServerResponse): void {
  const path = pathOf(req.url ?? "/");
  if (path === "/healthz") return send(req, res, 200, "ok\n");
  send(req, res, 503, path === "/readyz" ? "starting\n" : "The site is starting. Try again in a moment.\n", {
    "Retry-After": "5",
  });
}
