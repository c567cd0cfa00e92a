import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, cookieSet, request, startServerProcess } from "./harness";

// `npm run dev`: Vite in-process, the same guards and endpoints as production.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({}, "dev");
});
afterAll(() => server?.stop());

describe("the development server", () => {
  it("renders pages and applies guards", async () => {
    const home = await request(server, { path: "/" });
    expect(home.status).toBe(200);
    expect(home.body).toContain('data-country="226"');
    const guarded = await request(server, { path: "/my-cvs" });
    expect(guarded.location).toBe("/login");
    expect(cookieSet(guarded, "prev_url")).toBe("/my-cvs");
  });

  it("sends the looser development Content-Security-Policy, with scripts still nonced", async () => {
    const policy = (await request(server, { path: "/" })).headers["content-security-policy"];
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+=*';/);
    expect(policy).toContain("style-src 'self' 'unsafe-inline';");
    expect(policy).toContain("connect-src 'self' ws: wss:;");
  });

  it("answers the access checks", async () => {
    const r = await request(server, { path: "/check-user-loggedin" });
    expect(JSON.parse(r.body)).toEqual({ status: true, role: null });
  });
});
