import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, cookieSet, request, startServer } from "./harness";

// `npm run dev`: Vite in-process, the same guards and endpoints as production.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, "dev");
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

  it("answers the access checks", async () => {
    const r = await request(server, { path: "/check-user-loggedin" });
    expect(JSON.parse(r.body)).toEqual({ status: true, role: null });
  });
});
