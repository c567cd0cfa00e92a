import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, type TestServer, loginAs, request, startServerProcess } from "./harness";

// PostgreSQL only: two app servers on one database, as behind a load balancer: two processes, which
// share nothing but the database.
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  a = await startServerProcess();
  b = await startServerProcess({
    DATABASE_URL: a.env.DATABASE_URL!,
    SESSION_SECRET: a.env.SESSION_SECRET!,
    SSO_SECRET_KEY: a.env.SSO_SECRET_KEY!,
  });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const roleOn = async (server: TestServer, cookie: string) =>
  JSON.parse((await request(server, { path: "/check-user-loggedin", cookie })).body).role;

describe("several servers on one database", () => {
  it("share sessions, and a logout reaches every server within 10 seconds", async () => {
    const cookie = await loginAs(a, "student@demo.test");
    expect(await roleOn(b, cookie)).toBe("student");
    const out = await request(a, { path: "/logout", method: "POST", cookie, headers: { Origin: a.origin } });
    expect(out.status).toBe(303);
    expect(await roleOn(a, cookie)).toBeNull();
    const deadline = Date.now() + 10_000;
    let role: string | null = "student";
    while (role !== null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      role = await roleOn(b, cookie);
    }
    expect(role).toBeNull();
  });
});
