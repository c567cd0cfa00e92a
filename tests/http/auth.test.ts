import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, type TestServer, cookieSet, loginAs, request, startServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const sameOrigin = (host = "localhost") => ({ Origin: `http://${host}:${server.port}` });
const post = (
  form: Record<string, string>,
  opts: { host?: string; headers?: Record<string, string>; cookie?: string; path?: string } = {},
) =>
  request(server, {
    path: opts.path ?? "/login",
    host: opts.host,
    form,
    cookie: opts.cookie,
    headers: opts.headers ?? sameOrigin(opts.host),
  });
const roleOf = async (cookie: string, host = "localhost") =>
  JSON.parse(
    (
      await request(server, {
        path: "/check-user-loggedin",
        host,
        cookie,
        headers: { "X-Requested-With": "XMLHttpRequest" },
      })
    ).body,
  ).role;

describe("logging in through the form", () => {
  it.each([
    ["student@demo.test", "/student-dashboard"],
    ["basic.student@demo.test", "/student-dashboard"],
    ["admin@demo.test", "/university-dashboard"],
    ["predeparture@demo.test", "/jumpstart-dashboard"],
  ])("lands %s on %s", async (email, home) => {
    // A plain urlencoded POST, as a browser without JavaScript sends it.
    const login = await post({ email, password: DEMO_PASSWORD });
    expect(login.status).toBe(303);
    expect(login.location).toBe("/login-success");
    const line = login.setCookies.find((c) => c.startsWith("sid="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Secure/);
    const landing = await request(server, { path: "/login-success", cookie: `sid=${cookieSet(login, "sid")}` });
    expect(landing.status).toBe(302);
    expect(landing.location).toBe(home);
  });

  it("works from the pre-departure login too", async () => {
    const r = await post({ email: "predeparture@demo.test", password: DEMO_PASSWORD }, { path: "/jumpstart-login" });
    expect(r.status).toBe(303);
    expect(cookieSet(r, "sid")).toBeTruthy();
  });

  it("gives one generic answer and no session for a wrong password or an unknown email", async () => {
    const wrong = await post({ email: "student@demo.test", password: "not-the-password" });
    const unknown = await post({ email: "nobody@demo.test", password: DEMO_PASSWORD });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(cookieSet(r, "sid")).toBeUndefined();
      expect(r.body).toContain("The email address or password is not right.");
    }
  });

  it("explains missing fields with 400 and keeps the email typed", async () => {
    const r = await post({ email: "not-an-email", password: "" });
    expect(r.status).toBe(400);
    expect(r.body).toContain("Enter an email address in the right format");
    expect(r.body).toContain("Enter your password");
    expect(r.body).toContain('value="not-an-email"');
  });

  it.each([
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
    ["Sec-Fetch-Site same-site (a sibling microsite)", { "Sec-Fetch-Site": "same-site" }],
  ])("refuses a form post with %s and opens no session", async (_name, headers) => {
    const r = await post({ email: "student@demo.test", password: DEMO_PASSWORD }, { headers });
    expect(r.status).toBe(403);
    expect(cookieSet(r, "sid")).toBeUndefined();
  });

  it("never adopts a session id chosen before login", async () => {
    const r = await post(
      { email: "student@demo.test", password: DEMO_PASSWORD },
      { cookie: "sid=attacker-chosen-value" },
    );
    const sid = cookieSet(r, "sid");
    expect(sid).toBeTruthy();
    expect(sid).not.toBe("attacker-chosen-value");
    expect(await roleOf("sid=attacker-chosen-value")).toBeNull();
  });

  it("lets only members of a microsite's university log in there", async () => {
    const host = "second-university.localhost";
    const r = await post({ email: "student@demo.test", password: DEMO_PASSWORD }, { host });
    expect(r.status).toBe(403);
    expect(r.body).toContain("not registered with Second University");
    expect(cookieSet(r, "sid")).toBeUndefined();
    expect(await loginAs(server, "student@demo.test", "demo-university.localhost")).toMatch(/^sid=/);
  });

  it("bounces a logged-in user from login pages back to the same-site page they came from", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    const back = (referer?: string) =>
      request(server, { path: "/login", cookie, headers: referer ? { Referer: referer } : {} });
    expect((await back(`http://localhost:${server.port}/jobs?page=2`)).location).toBe("/jobs?page=2");
    expect((await back()).location).toBe("/");
    expect((await back("https://evil.example/jobs")).location).toBe("/");
    expect((await back(`http://localhost:${server.port}/register/1`)).location).toBe("/");
  });
});

describe("prev_url", () => {
  it("brings a visitor back to the page they were turned away from, once", async () => {
    const turnedAway = await request(server, { path: "/my-cvs?tab=recent" });
    expect(turnedAway.location).toBe("/login");
    const prev = cookieSet(turnedAway, "prev_url")!;
    expect(prev).toBe("/my-cvs?tab=recent");
    const cookie = await loginAs(server, "student@demo.test");
    const landing = await request(server, {
      path: "/login-success",
      cookie: `${cookie}; prev_url=${encodeURIComponent(prev)}`,
    });
    expect(landing.location).toBe("/my-cvs?tab=recent");
    expect(cookieSet(landing, "prev_url")).toBe("");
  });

  it("writes the cookie for a day on path /", async () => {
    const r = await request(server, { path: "/my-cvs" });
    const line = r.setCookies.find((c) => c.startsWith("prev_url="))!;
    expect(line).toMatch(/Max-Age=86400/);
    expect(line).toMatch(/Path=\//);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/login",
  ])("never follows %j", async (target) => {
    const cookie = await loginAs(server, "admin@demo.test");
    const landing = await request(server, {
      path: "/login-success",
      cookie: `${cookie}; prev_url=${encodeURIComponent(target)}`,
    });
    expect(landing.status).toBe(302);
    expect(landing.location).toBe("/university-dashboard");
  });

  // Written as a cookie on a sibling sub-domain could set it: raw, so the server's own decoding applies.
  it.each(["/./%2F%2Fevil.example", "/x/..//evil.example", "/%2e//evil.example", "/x/%2E%2e//evil.example"])(
    "keeps a user on the site for the dot-segment trick %j",
    async (target) => {
      const cookie = await loginAs(server, "student@demo.test");
      const landing = await request(server, { path: "/login-success", cookie: `${cookie}; prev_url=${target}` });
      expect(landing.status).toBe(302);
      // The raw header: the harness's `location` is only the path, which would hide "//evil.example".
      const raw = landing.headers.location!;
      expect(raw).toBe("/student-dashboard");
      expect(new URL(raw, server.origin).origin).toBe(server.origin);
    },
  );
});

describe("logging out", () => {
  it("ends the session on the next request and says so", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    expect(await roleOf(cookie)).toBe("student");
    const out = await request(server, { path: "/logout", method: "POST", cookie, headers: sameOrigin() });
    expect(out.status).toBe(303);
    expect(out.location).toBe("/");
    expect(cookieSet(out, "sid")).toBe("");
    expect(cookieSet(out, "flash")).toBe("You have logged out.");
    expect(await roleOf(cookie)).toBeNull();
    expect((await request(server, { path: "/student-dashboard", cookie })).location).toBe("/login");
    const home = await request(server, { path: "/", cookie: "flash=You%20have%20logged%20out." });
    expect(home.body).toContain("You have logged out.");
    expect(cookieSet(home, "flash")).toBe("");
  });

  it("does not log out on a GET", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    await request(server, { path: "/logout", cookie });
    expect(await roleOf(cookie)).toBe("student");
  });
});

describe("the login rate limit", () => {
  it("locks an account after five failures, even for the right password, with Retry-After", async () => {
    for (let i = 0; i < 5; i++)
      expect((await post({ email: "predeparture@demo.test", password: `wrong-${i}` })).status).toBe(401);
    const locked = await post({ email: "predeparture@demo.test", password: DEMO_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers["retry-after"]).toBeTruthy();
    expect(locked.body).toContain("Too many attempts to log in");
    expect(cookieSet(locked, "sid")).toBeUndefined();
  });
});
