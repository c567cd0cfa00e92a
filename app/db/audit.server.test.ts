import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { createUniversity, createUser } from "../../tests/support/factories";
import { AUDIT_PAGE_SIZE, SYSTEM_ACTOR, auditBatches, auditPage, changesBetween, recordAudit } from "./audit.server";

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

describe("the whole log, as the operations console filters it", () => {
  // After the tests above: the log keeps their entries (nothing can remove them), so each filter here names this test's university.
  let scope: { universityId: number; staffId: number; adminId: number; other: number };
  const hour = 60 * 60_000;
  beforeAll(async () => {
    const [university, elsewhere] = [await createUniversity(database.db), await createUniversity(database.db)];
    const staff = await createUser(database.db, { email: "ops-person@platform.test", role: "platform_staff" });
    const admin = await createUser(database.db, { email: "admin@uni.ac.uk", role: "university_admin" });
    scope = { universityId: university.id, staffId: staff.id, adminId: admin.id, other: elsewhere.id };
    const entry = (actorId: number, role: string, action: string, hours: number, universityId = university.id) =>
      recordAudit(database.db, {
        actor: { id: actorId, role },
        action,
        universityId,
        target: { type: "university", id: universityId },
        at: new Date(at.getTime() + hours * hour),
      });
    await entry(staff.id, "platform_staff", "university.created", 1);
    await entry(staff.id, "platform_staff", "university.plan_changed", 2);
    await entry(admin.id, "university_admin", "student.approved", 3);
    await entry(admin.id, "university_admin", "universityx.tested", 4);
    await entry(staff.id, "platform_staff", "university.created", 5, elsewhere.id);
  });

  const actions = async (filter: Omit<Parameters<typeof auditPage>[1], "page">) =>
    (await auditPage(database.db, { page: 1, ...filter })).entries.map((e) => e.action);

  it("filters by who: part of the actor's address, or their account's id", async () => {
    const { universityId, staffId, adminId } = scope;
    expect(await actions({ universityId, who: "OPS-PERSON@" })).toEqual([
      "university.plan_changed",
      "university.created",
    ]);
    expect(await actions({ universityId, who: String(adminId) })).toEqual(["universityx.tested", "student.approved"]);
    expect(await actions({ universityId: null, who: String(staffId) })).toHaveLength(3);
    expect(await actions({ universityId, who: "%" })).toEqual([]);
  });

  it("filters by what: an action exactly, or the actions starting with a name ending in a dot", async () => {
    const { universityId } = scope;
    expect(await actions({ universityId, action: "university.created" })).toEqual(["university.created"]);
    expect(await actions({ universityId, action: "university." })).toEqual([
      "university.plan_changed",
      "university.created",
    ]);
    expect(await actions({ universityId, action: "university.*" })).toHaveLength(2);
    expect(await actions({ universityId, action: "university" })).toEqual([]);
  });

  it("filters by when, its end not included, and sorts oldest first when asked", async () => {
    const { universityId } = scope;
    const from = new Date(at.getTime() + 2 * hour);
    const to = new Date(at.getTime() + 4 * hour);
    expect(await actions({ universityId, from, to, dir: "asc" })).toEqual([
      "university.plan_changed",
      "student.approved",
    ]);
    const page = await auditPage(database.db, { universityId, page: 2, pageSize: 3, dir: "asc" });
    expect([page.total, page.pages, page.entries.map((e) => e.action)]).toEqual([4, 2, ["universityx.tested"]]);
    expect(page.entries[0]).toMatchObject({
      actorEmail: "admin@uni.ac.uk",
      universityId,
      universityName: expect.any(String),
    });
  });

  it("reads every entry a filter picks in batches, in order, each once", async () => {
    const batches = [];
    for await (const batch of auditBatches(database.db, { universityId: null }, { batch: 7, dir: "asc" }))
      batches.push(batch);
    const all = batches.flat();
    const whole = await auditPage(database.db, { universityId: null, page: 1, pageSize: 1_000, dir: "asc" });
    expect(batches.slice(0, -1).every((b) => b.length === 7)).toBe(true);
    expect(all.map((e) => e.id)).toEqual(whole.entries.map((e) => e.id));
    expect(all.length).toBe(whole.total);
    const newestFirst = [];
    for await (const batch of auditBatches(
      database.db,
      { universityId: scope.universityId, action: "university." },
      { batch: 1 },
    ))
      newestFirst.push(...batch.map((e) => e.action));
    expect(newestFirst).toEqual(["university.plan_changed", "university.created"]);
  });
});
