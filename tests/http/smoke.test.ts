import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, type ServerProcess, cookieSet, request, startServerProcess } from "./harness";

// The rest of the suite runs the production app in the test process (harness.ts): these run it as
// an operator does, `node server.js`, on each database, so that what only a process does is seen too.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(() => server?.stop());

describe("node server.js", () => {
  it("starts, saying where it serves and on which database", () => {
    const database = server.env.DATABASE_URL ? "PostgreSQL" : `embedded PostgreSQL in ${server.env.DATA_DIR}`;
    expect(server.output()).toContain(`Serving at http://localhost:${server.port} (${database})`);
  });

  it("serves the client build's files, fingerprinted ones for a year", async () => {
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    const asset = fs.readdirSync(assets).find((name) => name.endsWith(".js"))!;
    const r = await request(server, { path: `/assets/${asset}` });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(r.body).toBe(fs.readFileSync(path.join(assets, asset), "utf8"));
    const icon = await request(server, { path: "/favicon.svg" });
    expect(icon.status).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("keeps a visitor's page, on either database", async () => {
    const first = await request(server, { path: "/blog" });
    expect(first.status).toBe(200);
    expect(first.headers.age).toBeUndefined();
    // A write by the server's own background work to a table the page read drops it: ask until one is kept.
    let kept = false;
    for (let attempt = 0; attempt < 20 && !kept; attempt++)
      kept = (await request(server, { path: "/blog" })).headers.age !== undefined;
    expect(kept).toBe(true);
  });

  it("answers the two access checks of spec §7 to a visitor", async () => {
    const loggedIn = await request(server, { path: "/check-user-loggedin" });
    expect(loggedIn.status).toBe(200);
    expect(JSON.parse(loggedIn.body)).toEqual({ status: true, role: null });
    const redirections = await request(server, { path: "/api/check-user-redirections" });
    expect(redirections.status).toBe(200);
    expect(JSON.parse(redirections.body)).toEqual({
      status: true,
      isLoggedIn: false,
      role: null,
      isMicrosite: false,
      pageAccessStatus: true,
      isCihPremiumAccess: false,
      is_country_guide_access: false,
    });
  });

  it("takes a form post (the login), and the access checks then know the student", async () => {
    const login = await request(server, {
      path: "/login",
      headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
      form: { email: "student@demo.test", password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(303);
    expect(login.location).toBe("/login-success");
    const cookie = `sid=${cookieSet(login, "sid")}`;
    const loggedIn = await request(server, { path: "/check-user-loggedin", cookie });
    expect(JSON.parse(loggedIn.body)).toEqual({ status: true, role: "student" });
    const redirections = await request(server, { path: "/api/check-user-redirections", cookie });
    expect(JSON.parse(redirections.body)).toMatchObject({ isLoggedIn: true, role: "student" });
  });
});
