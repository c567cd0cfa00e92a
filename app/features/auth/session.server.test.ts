import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { invitations, sessions, universities, users } from "~/db/schema";
import { seedDemoData } from "~/db/setup.server";
import { manualClock } from "../../../tests/support/clock";
import { createTestDatabase } from "../../../tests/support/test-db";
import { SessionStore } from "./session.server";

let database: Database;
let studentId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, randomBytes(32));
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "student@demo.test"));
  studentId = row!.id;
});
afterAll(() => database.close());

describe("SessionStore", () => {
  it("stores only a keyed hash of the token", async () => {
    const store = new SessionStore(database.db, "secret-one-".repeat(4));
    const token = await store.create(studentId);
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, studentId));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === store.hash(token))).toBe(true);
    // Another secret cannot use the stored rows.
    expect(await new SessionStore(database.db, "secret-two-".repeat(4)).lookup(token)).toBeNull();
  });

  it("finds the user with role, flags and university plan", async () => {
    const store = new SessionStore(database.db, "s".repeat(40));
    const user = await store.lookup(await store.create(studentId));
    expect(user).toMatchObject({
      email: "student@demo.test",
      role: "student",
      countryGuideAccess: true,
      cihPremiumAccess: true,
      universityPlan: { planCareerHub: true, planCihPremium: true, planCountryGuides: true },
    });
  });

  it("knows whether the user belongs to another campus, which the student navigation offers to switch to", async () => {
    const store = new SessionStore(database.db, "s".repeat(40));
    // The demo student belongs to Demo University and its Docklands campus; the basic student to one.
    expect((await store.lookup(await store.create(studentId)))?.hasOtherCampuses).toBe(true);
    const [basic] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "basic.student@demo.test"));
    expect((await store.lookup(await store.create(basic!.id)))?.hasOtherCampuses).toBe(false);
  });

  it("loads what vouches for the account as its university's: the university's domains, an invitation, an admin's approval", async () => {
    const store = new SessionStore(database.db, "s".repeat(40), 0);
    const [demo] = await database.db.select().from(universities).where(eq(universities.slug, "demo-university"));
    const [ana] = await database.db
      .insert(users)
      .values({
        email: `ana-${Date.now()}@mail.example`,
        name: "Ana Souza",
        role: "predeparture_student",
        universityId: demo!.id,
      })
      .returning();
    const token = await store.create(ana!.id);
    expect((await store.lookup(token))?.membership).toEqual({
      universityDomains: demo!.emailDomains,
      invited: false,
      approved: false,
    });
    const [invitation] = await database.db
      .insert(invitations)
      .values({ universityId: demo!.id, userId: ana!.id, email: ana!.email, lastSentAt: new Date() })
      .returning();
    await database.db.update(users).set({ accessDecidedAt: new Date() }).where(eq(users.id, ana!.id));
    expect((await store.lookup(token))?.membership).toMatchObject({ invited: true, approved: true });
    // A revoked invitation vouches for nobody.
    await database.db.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, invitation!.id));
    expect((await store.lookup(token))?.membership.invited).toBe(false);
  });

  it("answers null for unknown, empty and oversized tokens", async () => {
    const store = new SessionStore(database.db, "s".repeat(40));
    expect(await store.lookup(undefined)).toBeNull();
    expect(await store.lookup("nope")).toBeNull();
    expect(await store.lookup("x".repeat(500))).toBeNull();
  });

  it("ends a revoked session at once on the same instance", async () => {
    const store = new SessionStore(database.db, "s".repeat(40));
    const token = await store.create(studentId);
    expect(await store.lookup(token)).not.toBeNull();
    await store.revoke(token);
    expect(await store.lookup(token)).toBeNull();
  });

  it("ends an expired session", async () => {
    const store = new SessionStore(database.db, "s".repeat(40));
    const token = await store.create(studentId);
    await database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, store.hash(token)));
    expect(await store.lookup(token)).toBeNull();
  });

  it("lets another instance see a logout once its cache entry is older than the TTL", async () => {
    const clock = manualClock(new Date());
    const a = new SessionStore(database.db, "s".repeat(40), 5_000, 100, clock);
    const b = new SessionStore(database.db, "s".repeat(40), 5_000, 100, clock);
    const token = await a.create(studentId);
    expect(await b.lookup(token)).not.toBeNull();
    await a.revoke(token);
    clock.advance(4_000);
    expect(await b.lookup(token)).not.toBeNull(); // still cached: within the TTL
    clock.advance(1_001);
    expect(await b.lookup(token)).toBeNull();
  });

  it("sees a role change after forgetUser on the same instance", async () => {
    const store = new SessionStore(database.db, "s".repeat(40));
    const token = await store.create(studentId);
    expect((await store.lookup(token))?.role).toBe("student");
    await database.db.update(users).set({ role: "university_admin" }).where(eq(users.id, studentId));
    store.forgetUser(studentId);
    expect((await store.lookup(token))?.role).toBe("university_admin");
    await database.db.update(users).set({ role: "student" }).where(eq(users.id, studentId));
  });

  it("sees access given for a time as expired once its end has passed, within the cache's TTL", async () => {
    const clock = manualClock(new Date());
    const store = new SessionStore(database.db, "s".repeat(40), 5_000, 100, clock);
    const token = await store.create(studentId);
    await database.db
      .update(users)
      .set({ accessExpiresAt: new Date(clock().getTime() + 60_000) })
      .where(eq(users.id, studentId));
    store.forgetUser(studentId);
    expect((await store.lookup(token))?.accessStatus).toBe("active");
    clock.advance(60_000);
    store.forgetUser(studentId);
    expect((await store.lookup(token))?.accessStatus).toBe("expired");
    await database.db.update(users).set({ accessExpiresAt: null }).where(eq(users.id, studentId));
  });

  it("withdraws plan-granted flags when the university's plan changes", async () => {
    const store = new SessionStore(database.db, "s".repeat(40), 0);
    const token = await store.create(studentId);
    await database.db
      .update(universities)
      .set({ planCihPremium: false })
      .where(eq(universities.slug, "demo-university"));
    expect((await store.lookup(token))?.universityPlan?.planCihPremium).toBe(false);
    await database.db
      .update(universities)
      .set({ planCihPremium: true })
      .where(eq(universities.slug, "demo-university"));
  });
});

describe("SessionStore.revokeAllOf", () => {
  it("ends every session of the user but the one kept, and no other user's", async () => {
    const store = new SessionStore(database.db, "s".repeat(40), 0);
    const kept = await store.create(studentId);
    const other = await store.create(studentId);
    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
    const someoneElse = await store.create(admin!.id);
    await store.revokeAllOf(database.db, studentId, kept);
    expect(await store.lookup(kept)).not.toBeNull();
    expect(await store.lookup(other)).toBeNull();
    expect(await store.lookup(someoneElse)).not.toBeNull();
    await store.revokeAllOf(database.db, studentId);
    expect(await store.lookup(kept)).toBeNull();
  });

  it("ends a platform staff session after 30 minutes idle and after 8 hours in all, and a student's after neither", async () => {
    const [staff] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "ops@demo.test"));
    const clock = manualClock(new Date("2026-11-28T08:00:00Z"));
    // No cache: each look-up reads the database, as another instance would.
    const store = new SessionStore(database.db, "s".repeat(40), 0, 10, clock);
    const idle = await store.create(staff!.id, { staff: true });
    const busy = await store.create(staff!.id, { staff: true });
    const student = await store.create(studentId);
    clock.advance(29 * 60_000);
    expect(await store.lookup(busy)).toMatchObject({ role: "platform_staff" });
    clock.advance(2 * 60_000);
    // 31 minutes since the idle session was used; the busy one was used 2 minutes ago.
    expect(await store.lookup(idle)).toBeNull();
    expect(await store.lookup(busy)).not.toBeNull();
    // Used every 25 minutes, it lives until its eighth hour, and not beyond.
    for (let minutes = 31; minutes + 25 < 8 * 60; minutes += 25) {
      clock.advance(25 * 60_000);
      expect(await store.lookup(busy), `after ${minutes + 25} minutes`).not.toBeNull();
    }
    clock.advance(25 * 60_000);
    expect(await store.lookup(busy)).toBeNull();
    expect(await store.lookup(student)).toMatchObject({ role: "student" });
  });
});
