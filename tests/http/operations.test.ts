import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, jobs } from "~/db/schema";
import {
  type ServerProcess,
  type TestServer,
  request,
  startServer,
  startServerProcess,
  startServerWithData,
} from "./harness";

// Issue 34's operations endpoints (server/operations.ts), the request log and the graceful shutdown.
const TOKEN = "metrics-token-for-the-http-tests-0123";
const bearer = { Authorization: `Bearer ${TOKEN}` };

/** The samples of a Prometheus text, as name, labels and value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [, name, labels = "", value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      return {
        name: name!,
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]])),
        value: Number(value),
      };
    });
}

/** The value of the one sample of `name` whose labels include `labels` (0 when there is none). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

/** The request log's lines in what the server printed. */
const logLines = (server: TestServer) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === "request");

describe("without a metrics token (the default)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: "https://careers.example" });
  });
  afterAll(() => server?.stop());

  it("answers /healthz and /readyz to any host, the address a balancer probes by among them, never kept", async () => {
    // A host that is not the site's is refused everywhere else.
    expect((await request(server, { path: "/", host: "10.0.0.7" })).status).toBe(421);
    for (const host of ["10.0.0.7", "localhost", "careers.example"]) {
      const health = await request(server, { path: "/healthz", host });
      expect([health.status, health.body, health.headers["cache-control"]]).toEqual([200, "ok\n", "no-store"]);
      const ready = await request(server, { path: "/readyz", host });
      expect([ready.status, ready.body, ready.headers["cache-control"]]).toEqual([200, "ready\n", "no-store"]);
    }
    const head = await request(server, { path: "/readyz", method: "HEAD" });
    expect([head.status, head.body]).toEqual([200, ""]);
    const post = await request(server, { path: "/healthz", body: "x", headers: { "Sec-Fetch-Site": "same-origin" } });
    expect([post.status, post.headers.allow]).toEqual([405, "GET, HEAD"]);
  });

  it("answers /metrics 404, with a token or without", async () => {
    for (const headers of [{}, bearer]) {
      const r = await request(server, { path: "/metrics", headers });
      expect([r.status, r.headers["cache-control"]]).toEqual([404, "no-store"]);
    }
  });

  it("sends back a request id on every answer, the proxy's when it is a short safe token", async () => {
    const given = await request(server, { path: "/healthz", headers: { "X-Request-Id": "lb-7f3a.1" } });
    expect(given.headers["x-request-id"]).toBe("lb-7f3a.1");
    const unsafe = await request(server, { path: "/", headers: { "X-Request-Id": "a<b>" } });
    expect(unsafe.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await request(server, { path: "/", host: "elsewhere.example" });
    expect([refused.status, refused.headers["x-request-id"]]).toEqual([421, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it("logs nothing when the level is silent (as every other test's server)", () => {
    expect(logLines(server)).toEqual([]);
  });
});

describe("with a metrics token", () => {
  let server: TestServer;
  let withDatabase: Awaited<ReturnType<typeof startServerWithData>>["withDatabase"];
  let stop: () => Promise<void>;
  const metrics = async () => {
    const r = await request(server, { path: "/metrics", headers: bearer });
    expect(r.status).toBe(200);
    return r;
  };
  beforeAll(async () => {
    ({ server, withDatabase, stop } = await startServerWithData(async () => {}, {
      METRICS_TOKEN: TOKEN,
      LOG_LEVEL: "info",
    }));
  });
  afterAll(() => stop?.());

  it("asks for the token, compared whole", async () => {
    const wrong: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of wrong) {
      const r = await request(server, { path: "/metrics", headers });
      expect([r.status, r.headers["www-authenticate"], r.body]).toEqual([
        401,
        'Bearer realm="metrics"',
        expect.not.stringContaining("http_requests_total"),
      ]);
    }
    const r = await metrics();
    expect(r.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(r.headers["cache-control"]).toBe("no-store");
    expect(r.body).toContain("# TYPE http_requests_total counter");
    expect(r.body).toContain("process_cpu_seconds_total");
  });

  it("counts requests by method, route pattern and status, with their times, and never by address", async () => {
    const before = (await metrics()).body;
    const job = { method: "GET", route: "/jobs/:slug" };
    await request(server, { path: "/jobs/no-such-job?token=s3cr3t-in-the-address" });
    await request(server, { path: "/jobs/another-missing-job" });
    await request(server, { path: "/wp-login.php" });
    const after = (await metrics()).body;
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta("http_requests_total", { ...job, status: "404" })).toBe(2);
    expect(delta("http_request_duration_seconds_count", job)).toBe(2);
    expect(delta("http_request_duration_seconds_bucket", { ...job, le: "+Inf" })).toBe(2);
    expect(delta("http_requests_total", { method: "GET", route: "(no page)", status: "404" })).toBe(1);
    expect(after).not.toContain("s3cr3t");
    expect(after).not.toContain("another-missing-job");
    expect(after).not.toContain("wp-login");
  });

  it("counts the pages answered from the page cache", async () => {
    const before = valueOf((await metrics()).body, "page_cache_hits_total");
    let kept = 0;
    for (let i = 0; i < 4; i++) if ((await request(server, { path: "/blog" })).headers.age !== undefined) kept++;
    expect(valueOf((await metrics()).body, "page_cache_hits_total") - before).toBe(kept);
    expect(kept).toBeGreaterThan(0);
  });

  it("tells the database's connections: the pool's on PostgreSQL, the one of the embedded database", async () => {
    const body = (await metrics()).body;
    const max = valueOf(body, "db_pool_max_connections");
    const open = valueOf(body, "db_pool_open_connections");
    expect(max).toBe(server.env.DATABASE_URL ? 10 : 1);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(max);
    expect(valueOf(body, "db_pool_idle_connections")).toBeLessThanOrEqual(open);
    expect(valueOf(body, "db_pool_waiting_queries")).toBeGreaterThanOrEqual(0);
  });

  it("reads the job queue and the outbox at each scrape", async () => {
    const before = (await metrics()).body;
    const now = Date.now();
    await withDatabase(async (db) => {
      // A kind no runner handles stays as written.
      await db.insert(jobs).values([
        { kind: "test.unhandled", payload: {}, runAt: new Date(now - 3_600_000) },
        { kind: "test.unhandled", payload: {}, runAt: new Date(now - 60_000), failedAt: new Date(now - 1_000) },
        { kind: "test.unhandled", payload: {}, runAt: new Date(now - 60_000), failedAt: new Date(now - 2_000) },
      ]);
      const email = { kind: "test", toAddress: "ops@example.test", subject: "s", textBody: "t", htmlBody: "<p>t</p>" };
      await db.insert(emailOutbox).values([
        { ...email, messageId: `<queued-${now}@test>`, status: "queued", createdAt: new Date(now - 7_200_000) },
        { ...email, messageId: `<failed-${now}@test>`, status: "failed" },
      ]);
    });
    const after = (await metrics()).body;
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta("job_queue_jobs", { state: "failed" })).toBe(2);
    expect(valueOf(after, "job_queue_jobs", { state: "waiting" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "job_queue_oldest_waiting_seconds")).toBeGreaterThanOrEqual(3_600);
    expect(delta("email_outbox_messages", { status: "queued" })).toBe(1);
    expect(delta("email_outbox_messages", { status: "failed" })).toBe(1);
    expect(valueOf(after, "email_outbox_oldest_queued_seconds")).toBeGreaterThanOrEqual(7_200);
  });

  it("logs one JSON line a request with its id, method, route pattern, status, time and bytes, never the address", async () => {
    const r = await request(server, {
      path: "/jobs/no-such-job?token=s3cr3t-for-the-log",
      headers: { "X-Request-Id": "edge-42" },
    });
    const probe = await request(server, { path: "/healthz" });
    const lines = logLines(server);
    const line = lines.find((l) => l.id === "edge-42");
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      route: "/jobs/:slug",
      status: 404,
      bytes: Buffer.byteLength(r.body),
    });
    expect(line!.ms).toBeGreaterThanOrEqual(0);
    expect(lines.filter((l) => l.id === "edge-42")).toHaveLength(1);
    // Probes are logged at debug level, below this server's.
    expect(lines.some((l) => l.id === probe.headers["x-request-id"])).toBe(false);
    expect(server.output()).not.toContain("s3cr3t");
  });
});

/** A raw connection, to hold a request part-sent. */
async function connect(port: number): Promise<{ socket: net.Socket; received: () => string; ended: Promise<string> }> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (text += chunk));
  const ended = new Promise<string>((resolve) => socket.once("close", () => resolve(text)));
  return { socket, received: () => text, ended };
}

/** Status, headers and body of one raw HTTP/1.1 answer (after any 100 Continue), its chunks joined. */
function parseAnswer(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const final = raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
  const split = final.indexOf("\r\n\r\n");
  const [statusLine, ...fields] = final.slice(0, split).split("\r\n");
  const headers = Object.fromEntries(
    fields.map((f) => [f.slice(0, f.indexOf(":")).toLowerCase(), f.slice(f.indexOf(":") + 1).trim()]),
  );
  let body = final.slice(split + 4);
  if (headers["transfer-encoding"] === "chunked") {
    let joined = "";
    for (;;) {
      const eol = body.indexOf("\r\n");
      const size = parseInt(body.slice(0, eol), 16);
      if (!size) break;
      joined += body.slice(eol + 2, eol + 2 + size);
      body = body.slice(eol + 2 + size + 2);
    }
    body = joined;
  }
  return { status: Number(statusLine!.split(" ")[1]), headers, body };
}

describe("node server.js, stopped by SIGTERM", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ LOG_LEVEL: "info" });
  });
  afterAll(() => server?.stop());

  it("finishes the request under way, refuses new connections, answers /readyz 503 meanwhile and exits 0", async () => {
    const host = `Host: localhost:${server.port}\r\n`;
    // A login under way: the server has read its head and waits for its body.
    const form = "email=student%40demo.test&password=not-the-password";
    const login = await connect(server.port);
    login.socket.write(
      `POST /login HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${form.length}\r\nSec-Fetch-Site: same-origin\r\nExpect: 100-continue\r\n\r\n`,
    );
    await new Promise<void>((resolve) => login.socket.on("data", () => login.received().includes("100") && resolve()));
    // A probe whose head is not yet whole: the connection is busy, not idle.
    const probe = await connect(server.port);
    probe.socket.write(`GET /readyz HTTP/1.1\r\n${host}`);

    process.kill(server.pid, "SIGTERM");
    await server.waitForOutput("SIGTERM: shutting down");
    const refused = await new Promise<string>((resolve) =>
      net
        .connect(server.port, "127.0.0.1")
        .once("connect", () => resolve("connected"))
        .once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error")),
    );
    expect(refused).toBe("ECONNREFUSED");

    probe.socket.end("\r\n");
    const ready = parseAnswer(await probe.ended);
    expect([ready.status, ready.body, ready.headers.connection]).toEqual([503, "shutting down\n", "close"]);

    login.socket.write(form);
    const answer = parseAnswer(await login.ended);
    expect(answer.status).toBe(401);
    expect(answer.body.trimEnd()).toMatch(/<\/html>$/);

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("Stopped.");
    // Each request's line, the login's with its route and the probe's (debug) left out.
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.route === "/login")).toEqual([
      expect.objectContaining({ method: "POST", status: 401, bytes: expect.any(Number), id: expect.any(String) }),
    ]);
    expect(lines.some((l) => l.route === "/readyz")).toBe(false);
  });
});
