import { sql as query } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHANGES_APPLICATION_NAME } from "~/db/changes.server";
import { openDatabase } from "~/db/client.server";
import { type Reply, type ServerProcess, type TestServer, loginAs, request, startServerProcess } from "./harness";

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

  /** Asks B for a page until it is served kept: a change heard from background work drops it once. */
  async function keptOn(server: TestServer, path: string, cookie?: string): Promise<Reply> {
    for (let attempt = 0; attempt < 20; attempt++) {
      await request(server, { path, cookie });
      const again = await request(server, { path, cookie });
      if (again.headers.age !== undefined) return again;
    }
    throw new Error(`${path} was never served from the kept pages`);
  }
  const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: a.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  it("keep pages on each, and the next view on one shows what was written through the other, at once", async () => {
    const cookieA = await loginAs(a, "basic.student@demo.test");
    const cookieB = await loginAs(b, "basic.student@demo.test");
    expect((await keptOn(b, "/student-dashboard", cookieB)).body).not.toContain("Two Instances CV");
    const made = await request(a, {
      path: "/api/cvs",
      method: "POST",
      cookie: cookieA,
      body: JSON.stringify({ template: "uk", name: "Two Instances CV" }),
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
    });
    expect(made.status).toBe(201);
    const after = await request(b, { path: "/student-dashboard", cookie: cookieB });
    expect(after.headers.age).toBeUndefined();
    expect(after.body).toContain("Two Instances CV");
  });

  it("show a job changed by another process (a script) at the next view and search, kept page and index alike", async () => {
    const [job] = await sql<{ slug: string }>(
      "select slug from job_postings where status = 'open' and title ilike '%developer%' order by id limit 1",
    );
    const jobPage = `/jobs/${job!.slug}`;
    expect((await keptOn(b, jobPage)).body).not.toContain("Coherence Engineer");
    const search = async () =>
      JSON.parse(
        (await request(b, { path: "/api/jobs?q=Coherence", headers: { "X-Requested-With": "XMLHttpRequest" } })).body,
      ).results.map((r: { slug: string }) => r.slug);
    expect(await search()).not.toContain(job!.slug);
    await sql("update job_postings set title = 'Coherence Engineer' where slug = $1", [job!.slug]);
    const page = await request(b, { path: jobPage });
    expect(page.headers.age).toBeUndefined();
    expect(page.body).toContain("Coherence Engineer");
    expect(await search()).toContain(job!.slug);
  });

  it("render again while the connection that hears changes is lost, and keep pages once it is back", async () => {
    await keptOn(b, "/country-guide/uk/overview");
    const ended = await sql<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1 and datname = current_database()",
      [CHANGES_APPLICATION_NAME],
    );
    // One for each server.
    expect(ended).toEqual([{ ended: true }, { ended: true }]);
    expect((await request(b, { path: "/country-guide/uk/overview" })).headers.age).toBeUndefined();
    // Each server listens again within its retry time (a second), and keeps pages again.
    const deadline = Date.now() + 10_000;
    let listening = 0;
    while (listening < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      listening = (
        await sql("select 1 from pg_stat_activity where application_name = $1 and datname = current_database()", [
          CHANGES_APPLICATION_NAME,
        ])
      ).length;
    }
    expect(listening).toBe(2);
    expect((await keptOn(b, "/country-guide/uk/overview")).status).toBe(200);
  });
});

describe("an instance's pool on PostgreSQL", () => {
  it("keeps an idle connection past node-postgres's 10 s (a kept page's time), and closes it after 5 minutes", async () => {
    // The pool's idle timer is a setTimeout; the connection itself is a real one to the test's server.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const database = await openDatabase({ url: a.env.DATABASE_URL! });
    try {
      await database.db.execute(query`select 1`);
      expect(database.connections()).toMatchObject({ open: 1, idle: 1 });
      vi.advanceTimersByTime(60_000);
      expect(database.connections()).toMatchObject({ open: 1, idle: 1 });
      vi.advanceTimersByTime(4 * 60_000);
      expect(database.connections()).toMatchObject({ open: 0, idle: 0 });
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });
});
