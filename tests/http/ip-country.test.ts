import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, request, startServer } from "./harness";

describe("GET /api/ip-country", () => {
  let plain: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    plain = await startServer();
    proxied = await startServer({ TRUST_PROXY: "true", IP_COUNTRY_HEADER: "CF-IPCountry" });
  });
  afterAll(async () => {
    await plain?.stop();
    await proxied?.stop();
  });

  it("answers a loopback client with a failure, in plain text", async () => {
    const r = await request(plain, { path: "/api/ip-country" });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/plain/);
    expect(r.body).toBe("2;;;UNKNOWN");
  });

  it("does not trust X-Forwarded-For or a country header unless configured", async () => {
    const r = await request(plain, {
      path: "/api/ip-country",
      headers: { "X-Forwarded-For": "1.0.0.1", "CF-IPCountry": "GB" },
    });
    expect(r.body).toBe("2;;;UNKNOWN");
  });

  it("behind a trusted proxy, looks up the forwarded address", async () => {
    const r = await request(proxied, {
      path: "/api/ip-country",
      headers: { "X-Forwarded-For": "203.0.113.9, 1.0.0.1" },
    });
    expect(r.body).toBe("1;AU;AUS;Australia");
  });

  it("takes the configured CDN country header first", async () => {
    const r = await request(proxied, {
      path: "/api/ip-country",
      headers: { "X-Forwarded-For": "1.0.0.1", "CF-IPCountry": "IE" },
    });
    expect(r.body).toBe("1;IE;IRL;Ireland");
  });
});
