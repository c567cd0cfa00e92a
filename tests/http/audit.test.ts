import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, universities, users } from "~/db/schema";
import { accountIn, createUser } from "../support/factories";
import { type TestServer, loginAs, request, startServerWithData } from "./harness";

// The audit log on the database the server runs on (PGlite, or a PostgreSQL server in CI's second
// run): an admin's decision on someone's account is recorded with who made it, from where, and what
// changed; no entry can be changed or removed afterwards.
let server: TestServer;
let waitingId: number;
let adminId: number;
let studentId: number;
let stopAndRead: Awaited<ReturnType<typeof startServerWithData>>["stopAndRead"];
beforeAll(async () => {
  const started = await startServerWithData(
    async (db) => {
      const [demo] = await db.select().from(universities).where(eq(universities.slug, "demo-university"));
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
      const waiting = await createUser(db, {
        email: "awaiting.audit@demo.test",
        universityId: demo!.id,
        ...accountIn("awaiting_approval"),
      });
      const student = await createUser(db, {
        email: "leaving.audit@demo.test",
        universityId: demo!.id,
        emailVerifiedAt: new Date(),
      });
      return { waitingId: waiting.id, adminId: admin!.id, studentId: student.id };
    },
    { TRUST_PROXY: "true" },
  );
  server = started.server;
  ({ waitingId, adminId, studentId } = started.prepared);
  stopAndRead = started.stopAndRead;
});
afterAll(() => server?.stop());

describe("the audit log", () => {
  it("records an admin's invitations, a student's access ended and a career manual page added", async () => {
    const admin = await loginAs(server, "admin@demo.test");
    const post = (path: string, form: Record<string, string>) =>
      request(server, {
        path,
        cookie: admin,
        headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "198.51.100.24" },
        form,
      });
    expect((await post("/university-dashboard", { intent: "invite", emails: "new.one@example.test" })).status).toBe(
      303,
    );
    expect((await post("/university-dashboard", { intent: "deactivate", id: String(studentId) })).status).toBe(303);
    const page = { intent: "save", title: "Audit page", body: "Written by the admin." };
    expect((await post("/career-manual/demo-university", page)).status).toBe(303);
    const tab = (await request(server, { path: "/university-user-profile/audit", cookie: admin })).body;
    for (const action of ["invitations.sent", "student.deactivated", "career_manual.page_added"]) {
      const row = new RegExp(
        `<tr[^>]*>(?:(?!</tr>)[\\s\\S])*${action.replace(".", "\\.")}(?:(?!</tr>)[\\s\\S])*</tr>`,
      ).exec(tab)?.[0];
      expect(row, action).toContain("Sarah Whitfield (admin@demo.test)");
      expect(row, action).toContain("198.51.100.24");
    }
  });

  it("records an admin's approval with who, from where and what changed, shows it to the university's admins only, and refuses any change to it", async () => {
    const admin = await loginAs(server, "admin@demo.test");
    const approved = await request(server, {
      path: "/university-dashboard",
      cookie: admin,
      headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "198.51.100.23" },
      form: { intent: "approve-account", id: String(waitingId) },
    });
    expect(approved.status).toBe(303);

    // The university's admins read it on their profile's audit tab; another university's see none of it.
    const tab = await request(server, { path: "/university-user-profile/audit", cookie: admin });
    expect(tab.status).toBe(200);
    expect(tab.headers["cache-control"]).toMatch(/private|no-store/);
    const row = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*account\.approved(?:(?!<\/tr>)[\s\S])*<\/tr>/.exec(tab.body)?.[0] ?? "";
    expect(row).toContain("Sarah Whitfield (admin@demo.test)");
    expect(row).toContain(`user ${waitingId}`);
    expect(row).toContain("accessStatus: &quot;awaiting_approval&quot; → &quot;active&quot;");
    expect(row).toContain("198.51.100.23");
    const elsewhere = await request(server, {
      path: "/university-user-profile/audit",
      cookie: await loginAs(server, "admin@second.test"),
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toContain("Nothing has been recorded yet.");
    expect(elsewhere.body).not.toContain("account.approved");
    const student = await request(server, {
      path: "/university-user-profile/audit",
      cookie: await loginAs(server, "student@demo.test"),
    });
    // A student is sent home by the guard, as from every university page.
    expect([student.status, student.location]).toEqual([302, "/student-dashboard"]);

    const { entries, update, remove } = await stopAndRead(async (db) => {
      const refusal = (statement: ReturnType<typeof sql>) =>
        db.execute(statement).then(
          () => "done",
          (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
        );
      return {
        entries: await db
          .select()
          .from(auditLog)
          .where(eq(auditLog.targetId, String(waitingId))),
        update: await refusal(sql`update audit_log set actor_id = null`),
        remove: await refusal(sql`delete from audit_log`),
      };
    });
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorRole: "university_admin",
        action: "account.approved",
        targetType: "user",
        changes: { accessStatus: { before: "awaiting_approval", after: "active" } },
        ip: "198.51.100.23",
      }),
    ]);
    expect(update).toMatch(/audit_log is append-only: UPDATE refused/);
    expect(remove).toMatch(/audit_log is append-only: DELETE refused/);
  });
});
