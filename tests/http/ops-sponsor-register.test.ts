import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, jobs, sponsorSnapshots, users } from "~/db/schema";
import { NEWEST_PATH, servePublication } from "~/features/sponsors/test-fixtures/publication-server";
import { type TestServer, loginAs, loginAsStaff, request, startServerWithData } from "./harness";

// /ops/sponsor-register (issue 30): the registers imported, a warning when the newest is older than 14
// days, and "Refresh now", which queues `sponsors:refresh` in the job queue (audited); the job reads
// SPONSOR_REGISTER_PAGE, here GOV.UK's page served on this machine.
let server: TestServer;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
let gov: Awaited<ReturnType<typeof servePublication>>;
let staff: string;

beforeAll(async () => {
  gov = await servePublication();
  ({ server, stopAndRead } = await startServerWithData(
    async (db) => {
      await db.insert(sponsorSnapshots).values({
        registerDate: "2026-01-05",
        source: "https://assets.publishing.service.gov.uk/2026-01-05_-_Worker_and_Temporary_Worker.csv",
        rowCount: 120_500,
        organisationCount: 98_765,
        added: 1_234,
        removed: 567,
        changed: 89,
        routes: ["Skilled Worker"],
      });
    },
    { SPONSOR_REGISTER_PAGE: gov.pageUrl, DEMO_JOBS: "0" },
  ));
  staff = await loginAsStaff(server);
});
afterAll(async () => {
  await server?.stop();
  await gov?.close();
});

// React writes <!-- --> between adjacent pieces of text; the page as read leaves them out.
const page = async (cookie = staff) => {
  const reply = await request(server, { path: "/ops/sponsor-register", cookie });
  return { ...reply, body: reply.body.replaceAll("<!-- -->", "") };
};
const post = (form: Record<string, string>, cookie = staff) =>
  request(server, {
    path: "/ops/sponsor-register",
    cookie,
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
    form,
  });

describe("/ops/sponsor-register", () => {
  it("lists the registers imported with what each added and removed, warning that the newest is old", async () => {
    const shown = await page();
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("5 January 2026");
    for (const count of ["98,765", "1,234", "567"]) expect(shown.body).toContain(`>${count}<`);
    expect(shown.body).toMatch(/Warning: the newest register, of 5 January 2026, is \d+ days old, older than 14 days/);
    expect(shown.body).toContain("Refresh now");

    const admin = await loginAs(server, "admin@demo.test");
    expect((await page(admin)).status).toBe(404);
    expect((await post({ intent: "refresh" }, admin)).status).toBe(404);
  });

  it("refuses a post that is not a refresh with 400", async () => {
    const bad = await post({ intent: "delete" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Unknown action: reload the page and try again.");
  });

  it("queues the refresh, whose job imports the page's newest register, shown on the page", async () => {
    gov.requests.length = 0;
    const queued = await post({ intent: "refresh" });
    expect(queued.status).toBe(303);
    expect(queued.location).toBe("/ops/sponsor-register");
    await server.waitForOutput("Imported the register of 2026-06-26: 3 rows, 2 organisations");
    expect(gov.requests).toContain(NEWEST_PATH);
    const shown = await page();
    expect(shown.body).toContain("26 June 2026");
    expect(shown.body).toContain(`${gov.base}${NEWEST_PATH}`);
    expect(shown.body).toMatch(/the newest register, of 26 June 2026, is \d+ days old/);
    // The job may still be judging the jobs again after its import: that it finishes is checked once the server stops.
  });
});

describe("the audit log", () => {
  it("holds one sponsor_register.refresh_requested entry, for the job, by the staff member; the job is done", async () => {
    const { entries, staffId, left, snapshots } = await stopAndRead(async (db) => ({
      entries: await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "sponsor_register.refresh_requested"))
        .orderBy(asc(auditLog.id)),
      staffId: (await db.select({ id: users.id }).from(users).where(eq(users.email, "ops@demo.test")))[0]!.id,
      left: await db.select().from(jobs).where(eq(jobs.kind, "sponsors.refresh")),
      snapshots: await db.select({ registerDate: sponsorSnapshots.registerDate }).from(sponsorSnapshots),
    }));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: staffId,
        actorRole: "platform_staff",
        targetType: "job",
        changes: { job: { before: null, after: "sponsors.refresh" } },
      }),
    ]);
    expect(left).toEqual([]);
    // (A PostgreSQL server's template also holds the demo register.)
    expect(snapshots.map((s) => s.registerDate)).toEqual(expect.arrayContaining(["2026-01-05", "2026-06-26"]));
  });
});
