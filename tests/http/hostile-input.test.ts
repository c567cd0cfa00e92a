import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, loginAs, request, startServer } from "./harness";

// Inputs a probe of hostile requests found answered with 500s, logged SQL or a session accepted
// where it should not be. Each answer must be a plain refusal, and nothing of the input may reach the log.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "true" });
});
afterAll(() => server?.stop());

const sameSite = () => ({ Origin: `http://localhost:${server.port}`, "Sec-Fetch-Site": "same-origin" });

describe("a NUL character anywhere in the address", () => {
  it.each([
    "/blog/a%00b",
    "/blog?q=a%00b",
    "/check-blog-slug/a%00b",
    "/api/sponsors?q=tesco&route=a%00b",
    "/uk-work-visa-sponsor-licence-check?q=a%00b",
    "/my-cvs?x=%00",
  ])("%s answers 400 with a plain message", async (path) => {
    const before = server.output().length;
    const r = await request(server, { path });
    expect(r.status).toBe(400);
    expect(r.headers["content-type"]).toMatch(/^text\/plain/);
    expect(r.body).toContain("not allowed");
    expect(server.output().slice(before)).toBe("");
  });
});

describe("a form field holding a NUL character", () => {
  it("is refused with 400 and nothing is logged or stored", async () => {
    const before = server.output().length;
    const r = await request(server, {
      path: "/contact-us",
      headers: { ...sameSite(), "X-Forwarded-For": "203.0.113.50" },
      form: {
        name: "Amara\u0000Okafor",
        email: "amara@example.com",
        subject: "Hello",
        message: "A message long enough to pass.",
        website: "",
      },
    });
    expect(r.status).toBe(400);
    expect(r.body).toContain("NUL");
    expect(server.output().slice(before)).not.toMatch(/select|insert|Amara/i);
  });
});

describe("a post whose body is not a form", () => {
  const bodies: [string, Record<string, string>, string, number][] = [
    ["plain text", { "Content-Type": "text/plain" }, "email=a@b.c", 415],
    ["JSON", { "Content-Type": "application/json" }, '{"email":"a@b.c"}', 415],
    ["no content type", {}, "email=a@b.c", 415],
    [
      "a broken multipart body",
      { "Content-Type": "multipart/form-data; boundary=xyz" },
      '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na',
      400,
    ],
  ];
  for (const path of ["/login", "/contact-us", "/share-your-success-story"]) {
    it.each(bodies)(`${path} with %s answers a plain refusal`, async (_what, headers, body, status) => {
      const r = await rawPost(path, body, headers);
      expect(r.status).toBe(status);
    });
  }

  it("a shortlist change answers the same", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    const r = await rawPost(
      "/sponsorship-licence-checker",
      '{"slug":"x"}',
      { "Content-Type": "application/json" },
      cookie,
    );
    expect(r.status).toBe(415);
  });

  async function rawPost(path: string, body: string, headers: Record<string, string>, cookie?: string) {
    return request(server, {
      path,
      method: "POST",
      cookie,
      body,
      headers: { ...sameSite(), "X-Forwarded-For": "203.0.113.51", ...headers },
    });
  }
});

describe("a session carried to another university's microsite", () => {
  it("counts for nothing there: the visitor is sent to log in", async () => {
    const cookie = await loginAs(server, "student@demo.test", "demo-university.localhost");
    const own = await request(server, { path: "/jobs", host: "demo-university.localhost", cookie });
    expect(own.status).toBe(200);
    const other = await request(server, { path: "/jobs", host: "second-university.localhost", cookie });
    expect(other.status).toBe(302);
    expect(other.location).toBe("/login");
    const check = JSON.parse(
      (await request(server, { path: "/check-user-loggedin", host: "second-university.localhost", cookie })).body,
    );
    expect(check).toEqual({ status: true, role: null });
  });
});
