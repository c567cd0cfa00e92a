import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RequestRecord, createRequestLog, logRequest, requestIdOf, trackRequest } from "./request-log";

describe("the request id", () => {
  it("keeps a short safe id from the proxy in front, else makes one", () => {
    expect(requestIdOf("req-42.a_B")).toBe("req-42.a_B");
    expect(requestIdOf("x".repeat(64))).toBe("x".repeat(64));
    const made = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const given of [undefined, "", "x".repeat(65), "a b", "a\nb", 'a"b', "ünï", ["a", "b"]])
      expect(requestIdOf(given), JSON.stringify(given)).toMatch(made);
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe("the request log", () => {
  const record: RequestRecord = {
    id: "abc",
    method: "GET",
    route: "/jobs/:slug",
    status: 200,
    ms: 12.345,
    bytes: 5120,
    aborted: false,
  };
  const captured = (level: Parameters<typeof createRequestLog>[0]) => {
    const lines: string[] = [];
    return { log: createRequestLog(level, { write: (line: string) => void lines.push(line) }), lines };
  };

  it("writes one JSON line a request, with its route's pattern and no address", () => {
    const { log, lines } = captured("info");
    logRequest(log, record);
    logRequest(log, { ...record, status: 499, aborted: true });
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!);
    expect(first).toMatchObject({
      level: "info",
      msg: "request",
      id: "abc",
      method: "GET",
      route: "/jobs/:slug",
      status: 200,
      ms: 12.3,
      bytes: 5120,
    });
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(first).not.toHaveProperty("aborted");
    expect(JSON.parse(lines[1]!)).toMatchObject({ status: 499, aborted: true });
  });

  it("writes the probes' lines at debug level only, and nothing when silent", () => {
    const info = captured("info");
    logRequest(info.log, { ...record, route: "/healthz" });
    logRequest(info.log, { ...record, route: "/readyz" });
    logRequest(info.log, { ...record, route: "/metrics" });
    expect(info.lines.map((l) => JSON.parse(l).route)).toEqual(["/metrics"]);
    const debug = captured("debug");
    logRequest(debug.log, { ...record, route: "/healthz" });
    expect(JSON.parse(debug.lines[0]!)).toMatchObject({ level: "debug", route: "/healthz" });
    const silent = captured("silent");
    logRequest(silent.log, record);
    expect(silent.lines).toEqual([]);
  });
});

describe("a request tracked", () => {
  let server: http.Server;
  let port: number;
  const records: RequestRecord[] = [];
  let recorded: () => void = () => {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      trackRequest(
        req,
        res,
        (p) => (p === "/page" ? "/page" : "(no page)"),
        (r) => (records.push(r), recorded()),
      );
      if (req.url?.startsWith("/page")) {
        res.writeHead(201, { "Content-Type": "text/plain" });
        res.write("héllo ");
        res.write(Buffer.from("wörld"));
        res.end("!", "utf8");
      } else if (req.url === "/cut") {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.write("partial");
        req.socket.destroy();
      } else {
        res.writeHead(404);
        res.end("nope");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, method = "GET", headers: Record<string, string> = {}) => {
    const logged = new Promise<void>((resolve) => (recorded = resolve));
    const answer = new Promise<http.IncomingMessage | null>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res));
        res.on("error", () => resolve(null));
      });
      req.on("error", () => resolve(null));
      req.end();
    });
    return Promise.all([answer, logged]).then(([res]) => ({ res, record: records.at(-1)! }));
  };

  it("is answered with its id, and recorded with its pattern, status, body bytes and time", async () => {
    const { res, record } = await get("/page?token=secret", "GET", { "X-Request-Id": "from-proxy-1" });
    expect(res?.headers["x-request-id"]).toBe("from-proxy-1");
    expect(record).toMatchObject({
      id: "from-proxy-1",
      method: "GET",
      route: "/page",
      status: 201,
      bytes: Buffer.byteLength("héllo wörld!"),
      aborted: false,
    });
    expect(record.ms).toBeGreaterThanOrEqual(0);

    const other = await get("/elsewhere", "GET", { "X-Request-Id": "not safe!" });
    expect(other.res?.headers["x-request-id"]).toBe(other.record.id);
    expect(other.record).toMatchObject({ route: "(no page)", status: 404, bytes: 4 });
    expect(other.record.id).not.toBe("not safe!");
  });

  it("counts no body for a HEAD, and tells an answer cut off", async () => {
    expect((await get("/page", "HEAD")).record).toMatchObject({ method: "HEAD", status: 201, bytes: 0 });
    expect((await get("/cut")).record).toMatchObject({ route: "(no page)", aborted: true });
  });
});
