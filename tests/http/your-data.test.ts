import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const post = (path: string, form: Record<string, string>, cookie?: string) =>
  request(server, { path, form, cookie, headers: { Origin: `http://localhost:${server.port}` } });
const role = async (cookie: string) =>
  (JSON.parse((await request(server, { path: "/check-user-loggedin", cookie })).body) as { role: string | null }).role;

describe("your data", () => {
  it("downloads everything held about the person as JSON, without any secret", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    const created = await request(server, {
      path: "/api/cvs",
      method: "POST",
      cookie,
      body: JSON.stringify({ template: "europass", name: "My Europass" }),
      headers: { "Content-Type": "application/json", Origin: `http://localhost:${server.port}` },
    });
    expect(created.status).toBe(201);
    const r = await request(server, { path: "/account/your-data.json", cookie });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(r.headers["content-disposition"]).toMatch(/^attachment; filename="your-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(r.headers["cache-control"]).toBe("private, no-store");
    const data = JSON.parse(r.body) as {
      account: { email: string; university: string };
      campuses: string[];
      sessions: unknown[];
      cvs: { name: string; template: string }[];
      savedJobs: unknown[];
      jobAlerts: unknown[];
    };
    expect(data.account).toMatchObject({
      email: "student@demo.test",
      university: "Demo University",
      accessStatus: "active",
    });
    expect(data.campuses).toEqual(["Demo University", "Demo University Docklands Campus"]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.cvs).toEqual([expect.objectContaining({ name: "My Europass", template: "europass" })]);
    expect(data.savedJobs).toEqual([]);
    expect(data.jobAlerts).toEqual([]);
    expect(r.body).not.toMatch(/argon2|password|token/i);
    const visitor = await request(server, { path: "/account/your-data.json" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/login");
  });

  it("deletes the account once the password confirms it, and logs it out everywhere", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    const elsewhere = await loginAs(server, "basic.student@demo.test");
    const page = await request(server, { path: "/account/delete", cookie });
    expect(page.body).toMatch(/<label for="password"[^>]*>Password<\/label>/);
    expect(page.body).toContain(">Delete my account</button>");

    const wrong = await post("/account/delete", { password: "not it" }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain("Your password is not right");
    expect(await role(cookie)).toBe("student");

    const done = await post("/account/delete", { password: DEMO_PASSWORD }, cookie);
    expect(done.status).toBe(303);
    expect(done.location).toBe("/");
    expect(cookieSet(done, "sid")).toBe("");
    expect(await role(cookie)).toBeNull();
    expect(await role(elsewhere)).toBeNull();
    const login = await post("/login", { email: "basic.student@demo.test", password: DEMO_PASSWORD });
    expect(login.status).toBe(401);
  });
});
