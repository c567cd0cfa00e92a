import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, loginAs, request, startServer } from "./harness";

let server: TestServer;
let student: string;
let demoStudent: string;
beforeAll(async () => {
  server = await startServer();
  student = await loginAs(server, "student@demo.test");
  demoStudent = await loginAs(server, "student@demo.test", "demo-university.localhost");
});
afterAll(() => server?.stop());

const XHR = { "X-Requested-With": "XMLHttpRequest" };
async function json(path: string, opts: { host?: string; cookie?: string } = {}) {
  const r = await request(server, { path, headers: XHR, ...opts });
  expect(r.headers["content-type"]).toMatch(/^application\/json/);
  expect(r.headers["cache-control"]).toBe("private, no-store");
  return { status: r.status, body: JSON.parse(r.body) };
}

const REDIRECTION_FIELDS = [
  "isCihPremiumAccess",
  "isLoggedIn",
  "isMicrosite",
  "is_country_guide_access",
  "pageAccessStatus",
  "role",
  "status",
];

describe("GET /check-user-loggedin", () => {
  it("answers status and role, and nothing else", async () => {
    expect(await json("/check-user-loggedin")).toEqual({ status: 200, body: { status: true, role: null } });
    expect(await json("/check-user-loggedin", { cookie: student })).toEqual({
      status: 200,
      body: { status: true, role: "student" },
    });
  });
});

describe("GET /api/check-user-redirections", () => {
  it("answers exactly the spec's fields for a visitor on the main site", async () => {
    const { body } = await json("/api/check-user-redirections");
    expect(Object.keys(body).sort()).toEqual(REDIRECTION_FIELDS);
    expect(body).toEqual({
      status: true,
      isLoggedIn: false,
      role: null,
      isMicrosite: false,
      pageAccessStatus: true,
      isCihPremiumAccess: false,
      is_country_guide_access: false,
    });
  });

  it("reports the student's flags on their university's microsite", async () => {
    const { body } = await json("/api/check-user-redirections?checkurl=cih", {
      host: "demo-university.localhost",
      cookie: demoStudent,
    });
    expect(body).toEqual({
      status: true,
      isLoggedIn: true,
      role: "student",
      isMicrosite: true,
      pageAccessStatus: true,
      isCihPremiumAccess: true,
      is_country_guide_access: true,
    });
  });

  it("denies the career hub on a microsite whose plan lacks it, and only when asked about it", async () => {
    expect(
      (await json("/api/check-user-redirections?checkurl=cih", { host: "second-university.localhost" })).body
        .pageAccessStatus,
    ).toBe(false);
    expect(
      (await json("/api/check-user-redirections", { host: "second-university.localhost" })).body.pageAccessStatus,
    ).toBe(true);
  });

  it("refuses methods other than GET", async () => {
    const r = await request(server, {
      path: "/api/check-user-redirections",
      method: "POST",
      headers: { ...XHR, Origin: `http://localhost:${server.port}` },
    });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe("GET, HEAD");
  });
});

describe("the blog checks (blog still empty)", () => {
  it("types an unknown slug 0", async () => {
    expect((await json("/check-blog-slug/some-post")).body).toEqual({
      status: true,
      type: "0",
      message: "No blog post or category has this slug",
    });
  });
  it("reports that no post has the slug", async () => {
    expect((await json("/get-blog-detail/some-post")).body).toEqual({
      status: true,
      isSlugExists: "0",
      message: "No blog post has this slug",
    });
  });
  it("answers 400 to a slug that is not valid URL encoding, before any endpoint reads it", async () => {
    const r = await request(server, { path: "/check-blog-slug/%E0%A4%A" });
    expect(r.status).toBe(400);
    expect(r.body).toBe("The address is not valid URL encoding. Check the link and try again.");
  });
});

describe("POST /api/sponsorship-eligibility", () => {
  const post = (body: string, contentType = "application/json") =>
    request(server, { path: "/api/sponsorship-eligibility", body, headers: { "Content-Type": contentType } });

  it("answers an offer's verdict as JSON, and names what is wrong with a bad one", async () => {
    const good = await post(JSON.stringify({ soc: "2134", salary: 56000, hoursPerWeek: 37.5, cosDate: "2026-01-15" }));
    expect(good.status).toBe(200);
    expect(good.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(good.body)).toMatchObject({
      status: true,
      eligible: true,
      option: "A",
      threshold: 54700,
      employer: null,
    });
    const bad = await post(JSON.stringify({ soc: "2134", salary: "lots" }));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).errors).toEqual([{ field: "salary", reason: "Give the salary as a number" }]);
    expect((await post("{not json")).status).toBe(400);
  });

  it("takes only POST", async () => {
    const r = await request(server, { path: "/api/sponsorship-eligibility" });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe("POST");
  });
});

describe("GET /api/jobs", () => {
  it("answers the search's page and facets, and 400 naming a bad parameter", async () => {
    const { status, body } = await json("/api/jobs?q=developer&sort=date");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: true,
      page: 1,
      pageSize: 20,
      facets: { type: expect.any(Array), sponsorship: expect.any(Array), remote: expect.any(Array) },
    });
    expect(body.results.length).toBe(Math.min(body.total, 20));
    const bad = await json("/api/jobs?page=0&salary_min=lots");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["salary_min", "page"]);
  });
});

describe("the /jobs page", () => {
  it("searches by the address, keeps what was asked in the form, and keeps filtered views out of search engines", async () => {
    const plain = await request(server, { path: "/jobs" });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatch(/<h1[^>]*>Jobs<\/h1>/);
    expect(plain.body).not.toContain('content="noindex"');
    const filtered = await request(server, { path: "/jobs?q=zzzz-nothing&type=internship" });
    expect(filtered.status).toBe(200);
    expect(filtered.body).toContain('content="noindex"');
    expect(filtered.body).toContain('value="zzzz-nothing"');
    expect(filtered.body).toContain("No jobs match");
    expect(filtered.body).toContain("Search without the type filter");
  });

  it("drops the empty fields a form sends from the address", async () => {
    const r = await request(server, { path: "/jobs?q=nurse&location=&type=&sort=date" });
    expect(r.status).toBe(302);
    expect(r.location).toBe("/jobs?q=nurse&sort=date");
  });

  it("answers 400 with each bad field named beside it", async () => {
    const bad = await request(server, { path: "/jobs?page=0&salary_min=lots" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("salary_min must be a whole number");
    expect(bad.body).toContain("page must be from 1 to 10,000");
    expect(bad.body).toContain('value="lots"');
  });
});

describe("the part-time job lists", () => {
  it("state the Student visa's term-time hours with the official page, and take only part-time types", async () => {
    for (const path of ["/part-time-jobs"]) {
      const page = await request(server, { path });
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/<h1[^>]*>Part-time jobs<\/h1>/);
      expect(page.body).toContain("at most 20 hours a week during term time");
      expect(page.body).toContain('href="https://www.gov.uk/student-visa"');
      expect(page.body).not.toContain('<option value="full-time"');
    }
    const wrong = await request(server, { path: "/part-time-jobs?type=full-time" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain("type is one of part-time, temporary here");
  });
});
