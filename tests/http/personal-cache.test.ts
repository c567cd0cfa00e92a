import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, type TestServer, loginAs, request, startServer } from "./harness";

// Issue 27, finding 8: a personal answer said nothing about caching (the student dashboard sent no
// Cache-Control at all), so a shared computer's cache or a proxy could keep someone's page.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe("Cache-Control", () => {
  it("says private, no-store on every answer to a logged-in person: rendered, kept, data and JSON alike", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    for (const path of ["/student-dashboard", "/student-dashboard", "/blog", "/student-dashboard.data", "/api/cvs"]) {
      const r = await request(server, { path, cookie });
      expect(r.status, path).toBe(200);
      expect(r.headers["cache-control"], path).toBe("private, no-store");
    }
    // A kept page or navigation's data carries the header too (server/page-cache.ts). The server's
    // background work may drop one by writing a table it read: ask until one is kept.
    for (const path of ["/student-dashboard", "/student-dashboard.data"]) {
      let kept;
      for (let attempt = 0; attempt < 20 && kept?.headers.age === undefined; attempt++)
        kept = await request(server, { path, cookie });
      expect(kept!.headers.age, path).toBeDefined();
      expect(kept!.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("says it on an answer that sets a cookie, such as a login", async () => {
    const r = await request(server, {
      path: "/login",
      form: { email: "basic.student@demo.test", password: DEMO_PASSWORD },
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(r.status).toBe(303);
    expect(r.headers["cache-control"]).toBe("private, no-store");
  });

  it("leaves a visitor's public page, and a route's own choice, alone", async () => {
    expect((await request(server, { path: "/blog" })).headers["cache-control"]).toBeUndefined();
    const cookie = await loginAs(server, "basic.student@demo.test");
    // The feed says itself how long it may be kept, and it is the same for everyone.
    expect((await request(server, { path: "/blog/rss.xml", cookie })).headers["cache-control"]).toBe(
      "public, max-age=300",
    );
  });
});
