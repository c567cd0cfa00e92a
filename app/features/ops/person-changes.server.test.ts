import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { accountTokens, auditLog, emailOutbox, sessions, users } from "~/db/schema";
import { SessionStore } from "~/features/auth/session.server";
import { Outbox } from "~/features/email/outbox.server";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  type ChangeDeps,
  deactivatePerson,
  endPersonSessions,
  reactivatePerson,
  resendConfirmation,
  setPersonAccess,
} from "./person-changes.server";

let database: Database;
let store: SessionStore;
let deps: ChangeDeps;
let staff: { id: number; role: string; ip: string };
let universityId: number;
const clock = manualClock(new Date("2026-11-28T10:00:00Z"));

beforeAll(async () => {
  database = await createTestDatabase();
  store = new SessionStore(database.db, "s".repeat(40), 60_000, 100, clock);
  deps = {
    db: database.db,
    sessions: store,
    outbox: new Outbox(clock, "test.example"),
    now: clock(),
    origin: "https://careers.example",
  };
  const member = await createUser(database.db, { role: "platform_staff" });
  staff = { id: member.id, role: "platform_staff", ip: "203.0.113.9" };
  universityId = (await createUniversity(database.db)).id;
});
afterAll(() => database.close());

const accountOf = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditOf = (id: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(id)))
    .orderBy(auditLog.id);
const openSessions = (id: number) =>
  database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));

describe("deactivatePerson and reactivatePerson", () => {
  it("deactivates an active account, ends its sessions (cached look-ups too) and records both in the audit log", async () => {
    const person = await createUser(database.db, { universityId });
    const tokens = [await store.create(person.id), await store.create(person.id)];
    // Cached: the look-up must not survive the change.
    expect((await store.lookup(tokens[0]))?.accessStatus).toBe("active");

    expect(await deactivatePerson(deps, staff, person.id)).toMatchObject({ ok: true });
    expect((await accountOf(person.id)).accessStatus).toBe("deactivated");
    expect(await openSessions(person.id)).toEqual([]);
    expect(await store.lookup(tokens[0])).toBeNull();
    const [entry] = await auditOf(person.id);
    expect(entry).toMatchObject({
      action: "user.deactivated",
      actorId: staff.id,
      actorRole: "platform_staff",
      ip: "203.0.113.9",
      universityId,
      targetType: "user",
      changes: {
        accessStatus: { before: "active", after: "deactivated" },
        openSessions: { before: 2, after: 0 },
      },
    });

    expect(await reactivatePerson(deps, staff, person.id)).toMatchObject({ ok: true });
    expect((await accountOf(person.id)).accessStatus).toBe("active");
    expect((await auditOf(person.id)).map((e) => [e.action, e.changes])).toContainEqual([
      "user.reactivated",
      { accessStatus: { before: "deactivated", after: "active" } },
    ]);
  });

  it("refuses an account that is not active (its university decides those), and reactivating one that is", async () => {
    const waiting = await createUser(database.db, { universityId, accessStatus: "awaiting_approval" });
    expect(await deactivatePerson(deps, staff, waiting.id)).toMatchObject({ ok: false, status: 409 });
    expect((await accountOf(waiting.id)).accessStatus).toBe("awaiting_approval");
    const active = await createUser(database.db, { universityId });
    expect(await reactivatePerson(deps, staff, active.id)).toMatchObject({ ok: false, status: 409 });
    expect([...(await auditOf(waiting.id)), ...(await auditOf(active.id))]).toEqual([]);
  });

  it("never lets a member of staff deactivate themselves, but lets them deactivate another", async () => {
    const token = await store.create(staff.id, { staff: true });
    expect(await deactivatePerson(deps, staff, staff.id)).toEqual({
      ok: false,
      status: 403,
      message: "This is your own account: another member of staff can change it.",
    });
    expect((await accountOf(staff.id)).accessStatus).toBe("active");
    expect(await store.lookup(token)).not.toBeNull();

    const colleague = await createUser(database.db, { role: "platform_staff" });
    expect(await deactivatePerson(deps, staff, colleague.id)).toMatchObject({ ok: true });
    expect((await accountOf(colleague.id)).accessStatus).toBe("deactivated");
  });

  it("answers 404 for an account that does not exist", async () => {
    expect(await deactivatePerson(deps, staff, 987_654)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("setPersonAccess", () => {
  it("grants and revokes the premium hub and country guides, recording only what changed", async () => {
    const person = await createUser(database.db, { universityId, countryGuideAccess: true });
    const outcome = await setPersonAccess(deps, staff, person.id, {
      cihPremiumAccess: true,
      countryGuideAccess: false,
    });
    expect(outcome).toMatchObject({ ok: true });
    expect(await accountOf(person.id)).toMatchObject({ cihPremiumAccess: true, countryGuideAccess: false });
    const [entry] = await auditOf(person.id);
    expect(entry).toMatchObject({
      action: "user.flags_changed",
      changes: {
        cihPremiumAccess: { before: false, after: true },
        countryGuideAccess: { before: true, after: false },
      },
    });
    // The same choice again changes nothing and records nothing.
    await setPersonAccess(deps, staff, person.id, { cihPremiumAccess: true, countryGuideAccess: false });
    expect(await auditOf(person.id)).toHaveLength(1);
  });

  it("grants nothing to a member of staff", async () => {
    const colleague = await createUser(database.db, { role: "platform_staff" });
    const outcome = await setPersonAccess(deps, staff, colleague.id, {
      cihPremiumAccess: true,
      countryGuideAccess: true,
    });
    expect(outcome).toMatchObject({ ok: false, status: 403 });
    expect(await accountOf(colleague.id)).toMatchObject({ cihPremiumAccess: false, countryGuideAccess: false });
    expect(await auditOf(colleague.id)).toEqual([]);
  });
});

describe("endPersonSessions", () => {
  it("ends every session of the account, records how many, and leaves the account as it was", async () => {
    const person = await createUser(database.db, { universityId });
    const others = await createUser(database.db, { universityId });
    const token = await store.create(person.id);
    await store.create(person.id);
    await store.create(person.id);
    const kept = await store.create(others.id);
    expect(await store.lookup(token)).not.toBeNull();

    expect(await endPersonSessions(deps, staff, person.id)).toEqual({
      ok: true,
      message: `3 sessions of ${person.name} ended.`,
    });
    expect(await openSessions(person.id)).toEqual([]);
    expect(await store.lookup(token)).toBeNull();
    expect(await store.lookup(kept)).not.toBeNull();
    expect((await accountOf(person.id)).accessStatus).toBe("active");
    expect((await auditOf(person.id)).map((e) => [e.action, e.changes])).toEqual([
      ["user.sessions_ended", { openSessions: { before: 3, after: 0 } }],
    ]);
  });
});

describe("resendConfirmation", () => {
  it("sends an unfinished registration a new confirmation link, the earlier one stops working", async () => {
    const person = await createUser(database.db, { universityId, passwordHash: null, emailVerifiedAt: null });
    expect(await resendConfirmation(deps, staff, person.id)).toMatchObject({ ok: true });
    expect(await resendConfirmation(deps, staff, person.id)).toMatchObject({ ok: true });
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
    expect(mail.map((m) => m.kind)).toEqual(["registration-verify", "registration-verify"]);
    for (const m of mail) {
      expect(m.subject).toMatch(/^Confirm your email for /);
      expect(m.textBody).toContain("https://careers.example/register/setup-account-redirection/");
    }
    const links = await database.db.select().from(accountTokens).where(eq(accountTokens.userId, person.id));
    expect(links.map((t) => t.purpose)).toEqual(["verify_email", "verify_email"]);
    expect(links.filter((t) => t.usedAt === null)).toHaveLength(1);
    expect((await auditOf(person.id)).map((e) => [e.action, e.changes])).toEqual([
      ["user.confirmation_resent", { confirmationSentTo: { before: null, after: person.email } }],
      ["user.confirmation_resent", { confirmationSentTo: { before: null, after: person.email } }],
    ]);
  });

  it("refuses an address already confirmed, and a deactivated account, sending nothing", async () => {
    const confirmed = await createUser(database.db, { universityId, emailVerifiedAt: clock() });
    expect(await resendConfirmation(deps, staff, confirmed.id)).toMatchObject({ ok: false, status: 409 });
    const deactivated = await createUser(database.db, {
      universityId,
      passwordHash: null,
      accessStatus: "deactivated",
    });
    expect(await resendConfirmation(deps, staff, deactivated.id)).toMatchObject({ ok: false, status: 409 });
    for (const { email, id } of [confirmed, deactivated]) {
      expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
      expect(await auditOf(id)).toEqual([]);
    }
  });
});
