import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Reply, type TestServer, loginAs, request, requestBytes, startServer } from "./harness";

// Kept pages on either database (server/page-cache.ts); several instances on one PostgreSQL server
// are in multi-instance.test.ts.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const nonceOf = (r: Reply) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))?.[1];
const withoutNonce = (r: Reply) => r.body.replaceAll(nonceOf(r)!, "NONCE");

/**
 * Asks for a page until the answer is a kept one. A write by the server's own background work
 * (demo data, a due job) to a table the page reads drops it, so the first pair may both be rendered.
 */
async function kept(path: string, cookie?: string): Promise<{ first: Reply; again: Reply }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = await request(server, { path, cookie });
    const again = await request(server, { path, cookie });
    if (again.headers.age !== undefined) return { first, again };
  }
  throw new Error(`${path} was never served from the kept pages`);
}

describe("kept pages", () => {
  it("serves a visitor's page again with a fresh nonce, the same page otherwise", async () => {
    const { first, again } = await kept("/");
    expect(again.status).toBe(200);
    expect(nonceOf(again)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(again)).not.toBe(nonceOf(first));
    expect(again.body).toContain(`nonce="${nonceOf(again)}"`);
    expect(again.body).not.toContain(nonceOf(first));
    expect(withoutNonce(again)).toBe(withoutNonce(first));
    expect(again.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(again.headers["x-content-type-options"]).toBe("nosniff");

    const br = await requestBytes(server, { path: "/", headers: { "Accept-Encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toContain('<main id="main"');
  });

  it("keeps a signed-in page for its session only, and not past logging out", async () => {
    const basic = await loginAs(server, "basic.student@demo.test");
    const other = await loginAs(server, "student@demo.test");
    const mine = (await kept("/student-dashboard", basic)).again;
    const theirs = await request(server, { path: "/student-dashboard", cookie: other });
    expect(theirs.status).toBe(200);
    expect(withoutNonce(theirs)).not.toBe(withoutNonce(mine));
    expect(theirs.headers.age).toBeUndefined();

    const out = await request(server, {
      path: "/logout",
      method: "POST",
      cookie: basic,
      headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
    });
    expect(out.status).toBe(303);
    const after = await request(server, { path: "/student-dashboard", cookie: basic });
    expect(after.status).toBe(302);
    expect(after.location).toBe("/login");
  });

  it("renders again once a table the page read is written: a student sees the CV they have just made", async () => {
    const cookie = await loginAs(server, "basic.student@demo.test");
    await kept("/student-dashboard", cookie);
    const json = { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" };
    const made = await request(server, {
      path: "/api/cvs",
      method: "POST",
      cookie,
      body: JSON.stringify({ template: "uk", name: "Kept Pages CV" }),
      headers: json,
    });
    expect(made.status).toBe(201);
    const page = await request(server, { path: "/student-dashboard", cookie });
    expect(page.headers.age).toBeUndefined();
    expect(page.body).toContain("Kept Pages CV");
  });

  it("renders a page that has a message to show", async () => {
    await kept("/");
    const home = await request(server, { path: "/", cookie: "flash=Your%20message%20is%20sent." });
    expect(home.headers.age).toBeUndefined();
    expect(home.body).toContain("Your message is sent.");
  });

  it("drops only the pages that read what changed: a student saving a job leaves the guides and other students' pages kept", async () => {
    const student = await loginAs(server, "student@demo.test");
    const other = await loginAs(server, "basic.student@demo.test");
    const search = await request(server, {
      path: "/api/jobs?q=software%20developer",
      headers: { "X-Requested-With": "XMLHttpRequest" },
    });
    const slug: string = JSON.parse(search.body).results[0].slug;
    await kept("/country-guide/uk/overview");
    await kept("/my-saved-jobs", student);
    await kept("/student-dashboard", student);
    await kept("/student-dashboard", other);
    await kept("/my-saved-jobs", other);
    const saved = await request(server, {
      path: "/my-saved-jobs",
      cookie: student,
      form: { intent: "save", slug, back: "/my-saved-jobs" },
      headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
    });
    expect(saved.status).toBe(303);
    const guide = await request(server, { path: "/country-guide/uk/overview" });
    expect(guide.headers.age).toBeDefined();
    const list = await request(server, { path: "/my-saved-jobs", cookie: student });
    expect(list.headers.age).toBeUndefined();
    expect(list.body).toContain(`/jobs/${slug}`);
    expect((await request(server, { path: "/student-dashboard", cookie: student })).headers.age).toBeUndefined();
    // Their pages read only their own saved jobs, badges and events.
    expect((await request(server, { path: "/student-dashboard", cookie: other })).headers.age).toBeDefined();
    expect((await request(server, { path: "/my-saved-jobs", cookie: other })).headers.age).toBeDefined();
  });

  it("renders a page once for the many who ask for it at once, and serves them all the one render", async () => {
    const cookie = await loginAs(server, "student@demo.test");
    // A new address each attempt, so none is kept yet: eight at once, as when a busy page's kept copy
    // expires. A write by the server's own background work while it renders keeps nothing: try again.
    // On PostgreSQL the eight renders overlap (all eight rendered before the wait); on the embedded
    // database one render runs through before the next request is read, so there it holds either way.
    for (let attempt = 0; attempt < 10; attempt++) {
      const path = `/student-dashboard?at-once=${attempt}`;
      const replies = await Promise.all(Array.from({ length: 8 }, () => request(server, { path, cookie })));
      expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(new Set(replies.map(withoutNonce)).size).toBe(1);
      if (replies.filter((r) => r.headers.age === undefined).length === 1) return;
    }
    throw new Error("Every attempt rendered the page more than once");
  });

  it("keeps a client navigation's data like its page, for its session only", async () => {
    const student = await loginAs(server, "student@demo.test");
    const other = await loginAs(server, "basic.student@demo.test");
    const path = "/student-dashboard.data";
    const { first, again } = await kept(path, student);
    expect(again.status).toBe(200);
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.body).toBe(first.body);
    const theirs = await request(server, { path, cookie: other });
    expect(theirs.headers.age).toBeUndefined();
    expect(theirs.body).not.toBe(again.body);
  });
});
