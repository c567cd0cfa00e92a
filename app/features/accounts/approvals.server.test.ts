import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { auditLog, emailOutbox, studentProfiles, users } from "~/db/schema";
import { Outbox } from "~/features/email/outbox.server";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { accountsAwaitingApproval, alumniAccessEnd, approveAdminByEmail, decideAccount } from "./approvals.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
const deps = () => ({
  db: database.db,
  outbox: new Outbox(clock, "test.example"),
  now: clock(),
  origin: "https://careers.example",
});

async function waiting(
  universityId: number,
  kind: "graduate" | "staff",
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await createUser(database.db, {
    universityId,
    role: kind === "staff" ? "university_admin" : "student",
    accessStatus: "awaiting_approval",
    emailVerifiedAt: clock(),
    ...overrides,
  });
  if (kind === "graduate")
    await database.db
      .insert(studentProfiles)
      .values({ userId: user.id, course: "MSc Finance", alumniGraduationYear: 2019 });
  return user;
}

describe("decideAccount", () => {
  it("opens a graduate's account for the university's alumni months and says until when", async () => {
    const university = await createUniversity(database.db, { alumniAccessMonths: 36 });
    const graduate = await waiting(university.id, "graduate");
    const outcome = await decideAccount(deps(), SYSTEM_ACTOR, university, graduate.id, "approve");
    expect(outcome).toEqual({
      ok: true,
      userId: graduate.id,
      name: graduate.name,
      expiresAt: new Date("2029-11-23T12:00:00Z"),
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, graduate.id));
    expect(row).toMatchObject({
      accessStatus: "active",
      accessExpiresAt: new Date("2029-11-23T12:00:00Z"),
      accessDecidedAt: clock(),
    });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, graduate.email));
    expect(mail!.textBody).toContain("As a graduate, your account is open until 23 November 2029.");
    // The decision is in the audit log, in its transaction: by whom, of which account, what changed.
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, String(graduate.id))));
    expect(entries).toEqual([
      expect.objectContaining({
        at: clock(),
        actorId: null,
        actorRole: "system",
        action: "account.approved",
        universityId: university.id,
        changes: {
          accessStatus: { before: "awaiting_approval", after: "active" },
          accessExpiresAt: { before: null, after: "2029-11-23T12:00:00.000Z" },
        },
      }),
    ]);
  });

  it("gives staff, and graduates of a university without an alumni limit, access with no end", async () => {
    const university = await createUniversity(database.db, { alumniAccessMonths: null });
    for (const kind of ["graduate", "staff"] as const) {
      const person = await waiting(university.id, kind);
      expect(await decideAccount(deps(), SYSTEM_ACTOR, university, person.id, "approve")).toMatchObject({
        ok: true,
        expiresAt: null,
      });
    }
  });

  it("answers 404 for another university's account or an unconfirmed one, 409 once decided", async () => {
    const own = await createUniversity(database.db);
    const other = await createUniversity(database.db);
    const elsewhere = await waiting(other.id, "staff");
    const unconfirmed = await waiting(own.id, "staff", { emailVerifiedAt: null });
    expect(await decideAccount(deps(), SYSTEM_ACTOR, own, elsewhere.id, "approve")).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await decideAccount(deps(), SYSTEM_ACTOR, own, unconfirmed.id, "approve")).toMatchObject({
      ok: false,
      status: 404,
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, elsewhere.id));
    expect(row!.accessStatus).toBe("awaiting_approval");

    const staff = await waiting(own.id, "staff");
    expect(await decideAccount(deps(), SYSTEM_ACTOR, own, staff.id, "refuse")).toMatchObject({
      ok: true,
      expiresAt: null,
    });
    expect(await decideAccount(deps(), SYSTEM_ACTOR, own, staff.id, "approve")).toMatchObject({
      ok: false,
      status: 409,
      message: `${staff.name}'s account was already refused.`,
    });
  });
});

describe("accountsAwaitingApproval", () => {
  it("lists confirmed accounts only, with what they asked for and whether the address is the university's", async () => {
    const university = await createUniversity(database.db, { emailDomains: ["uni.test"] });
    await waiting(university.id, "staff", {
      email: "staff@uni.test",
      name: "Staff Member",
      jobTitle: "Careers adviser",
    });
    await waiting(university.id, "graduate", { email: "grad@mail.example", name: "Grad Uate" });
    await waiting(university.id, "staff", { email: "typo@uni.test", emailVerifiedAt: null });
    const list = await accountsAwaitingApproval(database.db, university);
    expect(list.map(({ email, askedFor, universityAddress }) => ({ email, askedFor, universityAddress }))).toEqual([
      { email: "staff@uni.test", askedFor: "An administrator account (Careers adviser)", universityAddress: true },
      {
        email: "grad@mail.example",
        askedFor: "A graduate account: MSc Finance, graduated in 2019",
        universityAddress: false,
      },
    ]);
  });
});

describe("alumniAccessEnd", () => {
  it("counts calendar months from the approval", () => {
    expect(alumniAccessEnd({ alumniAccessMonths: 12 }, new Date("2026-02-10T08:00:00Z"))).toEqual(
      new Date("2027-02-10T08:00:00Z"),
    );
    expect(alumniAccessEnd({ alumniAccessMonths: null }, new Date())).toBeNull();
  });
});

describe("approveAdminByEmail", () => {
  it("approves a university's first administrator by address for the actor given, audited as theirs", async () => {
    const university = await createUniversity(database.db);
    const other = await createUniversity(database.db);
    const admin = await waiting(university.id, "staff", { email: "First.Admin@uni.test" });
    const staff = await createUser(database.db, { role: "platform_staff" });
    const actor = { id: staff.id, role: "platform_staff", ip: "203.0.113.9" };

    // Named with another university, the account is not found, and nothing changes.
    expect(await approveAdminByEmail(deps(), actor, admin.email, { universityId: other.id })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await approveAdminByEmail(deps(), actor, " first.admin@UNI.test ", { universityId: university.id })).toEqual(
      {
        ok: true,
        userId: admin.id,
        name: admin.name,
        expiresAt: null,
      },
    );
    const [row] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ accessStatus: "active", accessDecidedBy: staff.id });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, String(admin.id))));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        actorRole: "platform_staff",
        ip: "203.0.113.9",
        action: "account.approved",
        universityId: university.id,
        changes: {
          accessStatus: { before: "awaiting_approval", after: "active" },
        },
      }),
    ]);
  });
});
