import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { AUDIT_PAGE_SIZE, SYSTEM_ACTOR, auditPage, changesBetween, recordAudit } from "./audit.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const at = new Date("2026-11-28T09:00:00Z");

describe("changesBetween", () => {
  it("keeps only the fields that differ, and hides what a secret holds", () => {
    expect(
      changesBetween(
        { name: "Ada", status: "awaiting_approval", domains: ["a.ac.uk"], clientSecret: "old", unchanged: 1 },
        { name: "Ada", status: "active", domains: ["a.ac.uk", "b.ac.uk"], clientSecret: "new", unchanged: 1 },
      ),
    ).toEqual({
      status: { before: "awaiting_approval", after: "active" },
      domains: { before: ["a.ac.uk"], after: ["a.ac.uk", "b.ac.uk"] },
      clientSecret: { before: "(not recorded)", after: "(not recorded)" },
    });
    expect(
      changesBetween({ page: "a".repeat(600) }, { passwordHash: "x", note: "hello", page: "b".repeat(501) }),
    ).toEqual({
      passwordHash: { before: "(not recorded)", after: "(not recorded)" },
      note: { before: null, after: "hello" },
      page: { before: "(600 characters)", after: "(501 characters)" },
    });
  });
});

describe("the audit log", () => {
  it("records who did what to which record, and the fields that changed", async () => {
    await recordAudit(database.db, {
      actor: { id: 7, role: "university_admin", ip: "203.0.113.9" },
      action: "student.approved",
      universityId: 3,
      target: { type: "user", id: 42 },
      before: { accessStatus: "awaiting_approval" },
      after: { accessStatus: "active" },
      at,
    });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "student.approved"));
    expect(entry).toMatchObject({
      at,
      actorId: 7,
      actorRole: "university_admin",
      universityId: 3,
      targetType: "user",
      targetId: "42",
      changes: { accessStatus: { before: "awaiting_approval", after: "active" } },
      ip: "203.0.113.9",
    });
  });

  it("is kept or dropped with the change it records", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { id: 7, role: "university_admin" },
          action: "student.rejected",
          target: { type: "user", id: 43 },
          at,
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "student.rejected"))).toEqual([]);
  });

  it("refuses to change or remove an entry, whoever asks", async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      database.db.execute(statement).then(
        () => "done",
        // Drizzle wraps the database's error: its cause says why.
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`update audit_log set action = 'nothing.happened'`)).toMatch(
      /audit_log is append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from audit_log`)).toMatch(/audit_log is append-only: DELETE refused/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/audit_log is append-only: TRUNCATE refused/);
    expect(await database.db.select().from(auditLog)).toHaveLength(1);
  });

  it("is read a page at a time, newest first, one university's entries or all", async () => {
    for (let i = 0; i < 51; i++)
      await recordAudit(database.db, {
        actor: SYSTEM_ACTOR,
        action: "page.tested",
        universityId: 9,
        target: { type: "thing", id: i },
        at: new Date(at.getTime() + i * 1_000),
      });
    const first = await auditPage(database.db, { universityId: 9, page: 1 });
    expect([first.total, first.page, first.pages, first.entries.length]).toEqual([51, 1, 2, AUDIT_PAGE_SIZE]);
    expect(first.entries[0]).toMatchObject({ targetId: "50", actorRole: "system", actorName: null });
    const last = await auditPage(database.db, { universityId: 9, page: 99 });
    expect([last.page, last.entries.map((e) => e.targetId)]).toEqual([2, ["0"]]);
    expect((await auditPage(database.db, { universityId: null, page: 1 })).total).toBe(52);
    expect((await auditPage(database.db, { universityId: 10, page: 1 })).entries).toEqual([]);
  });
});
