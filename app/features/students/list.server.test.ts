import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { allStudents, listStudents, setStudentAccess, studentFilters } from "./list.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("the student list", () => {
  it("ends a student's access now and gives it back, for the admin's university only", async () => {
    const db = database.db;
    const [mine, other] = [await createUniversity(db), await createUniversity(db)];
    const student = await createUser(db, { universityId: mine.id, name: "Zed Student", emailVerifiedAt: new Date() });
    const admin = await createUser(db, { universityId: mine.id, role: "university_admin" });
    const actor = { id: admin.id, role: "university_admin", ip: "203.0.113.9" };
    const now = new Date("2026-11-25T10:00:00Z");
    const later = new Date("2026-11-25T10:00:01Z");
    expect(await setStudentAccess(db, actor, other.id, student.id, false, now)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await setStudentAccess(db, actor, mine.id, student.id, false, now)).toEqual({
      ok: true,
      name: "Zed Student",
    });
    const all = studentFilters.parse({});
    expect((await allStudents(db, mine.id, all, later)).map((s) => [s.name, s.status])).toEqual([
      ["Zed Student", "expired"],
    ]);
    expect((await listStudents(db, mine.id, studentFilters.parse({ status: "expired" }), later)).total).toBe(1);
    expect((await listStudents(db, mine.id, studentFilters.parse({ status: "active" }), later)).total).toBe(0);
    await setStudentAccess(db, actor, mine.id, student.id, true, later);
    expect((await allStudents(db, mine.id, all, later))[0]!.status).toBe("active");
    expect(await allStudents(db, other.id, all, later)).toEqual([]);
    // Each change is in the university's audit log, with who made it; the refused one is not.
    const log = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(student.id)));
    expect(log.map((e) => [e.action, e.actorId, e.universityId, e.ip])).toEqual([
      ["student.deactivated", admin.id, mine.id, "203.0.113.9"],
      ["student.reactivated", admin.id, mine.id, "203.0.113.9"],
    ]);
    expect(log[0]!.changes).toEqual({ accessExpiresAt: { before: null, after: now.toISOString() } });
  });

  it("searches names and addresses with the words as typed, wildcards included", async () => {
    const db = database.db;
    const uni = await createUniversity(db);
    await createUser(db, { universityId: uni.id, name: "Priya 100% Sharma", emailVerifiedAt: new Date() });
    await createUser(db, { universityId: uni.id, name: "Priya 1000 Patel", emailVerifiedAt: new Date() });
    const found = await listStudents(db, uni.id, studentFilters.parse({ q: "100%" }), new Date());
    expect(found.rows.map((r) => r.name)).toEqual(["Priya 100% Sharma"]);
    expect(studentFilters.safeParse({ level: "wizard" }).success).toBe(false);
  });
});
