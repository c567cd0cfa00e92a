import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type University, employerOrganisations, universities, userCampuses, users } from "~/db/schema";
import { seedDemoData } from "~/db/setup.server";
import { TEST_PASSWORD, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { DEACTIVATED, LOGIN_LIMITS, LoginSchema, WRONG_CREDENTIALS, attemptLogin } from "./login.server";
import { RateLimiter } from "~/db/rate-limiter.server";
import { SessionStore } from "./session.server";

let database: Database;
let services: { db: Database["db"]; sessions: SessionStore; rateLimiter: RateLimiter };
let demo: University;
let second: University;
let docklands: University;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, randomBytes(32));
  services = {
    db: database.db,
    sessions: new SessionStore(database.db, "s".repeat(40)),
    rateLimiter: new RateLimiter(database.db),
  };
  const bySlug = async (slug: string) =>
    (await database.db.select().from(universities).where(eq(universities.slug, slug)))[0]!;
  demo = await bySlug("demo-university");
  second = await bySlug("second-university");
  docklands = await bySlug("demo-university-docklands");
});
afterAll(() => database.close());

const PASSWORD = "DemoPass#2026";

describe("seedDemoData", () => {
  it("is idempotent and keeps a changed password", async () => {
    await database.db.update(users).set({ passwordHash: "changed" }).where(eq(users.email, "admin@demo.test"));
    await seedDemoData(database.db, randomBytes(32));
    const all = await database.db.select().from(users);
    expect(all.map((u) => u.email).sort()).toEqual([
      "admin@demo.test",
      "admin@second.test",
      "basic.student@demo.test",
      "ops@demo.test",
      "pending@demo-employer.test",
      "predeparture@demo.test",
      "recruiter@demo-employer.test",
      "student@demo.test",
    ]);
    expect(all.find((u) => u.email === "admin@demo.test")?.passwordHash).toBe("changed");
    expect(all.find((u) => u.email === "student@demo.test")?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await database.db.select().from(universities)).toHaveLength(3);
    const employers = await database.db.select().from(employerOrganisations).orderBy(employerOrganisations.id);
    // No register is loaded here: the recruiter's organisation is verified by the demo staff member.
    expect(employers.map((o) => [o.name, o.verification])).toEqual([
      ["Demo Employer Ltd", "staff"],
      ["Pending Demo Employer Ltd", null],
    ]);
  });

  it("makes the demo student a student of two campuses of Demo University, once", async () => {
    await seedDemoData(database.db, randomBytes(32));
    expect(docklands).toMatchObject({
      name: "Demo University Docklands Campus",
      groupId: demo.id,
      planCareerHub: true,
      planCihPremium: false,
      planCountryGuides: false,
    });
    expect(demo.groupId).toBeNull();
    const rows = await database.db
      .select({ email: users.email, universityId: userCampuses.universityId })
      .from(userCampuses)
      .innerJoin(users, eq(users.id, userCampuses.userId));
    expect(rows.map((r) => [r.email, r.universityId]).sort()).toEqual(
      [
        ["student@demo.test", demo.id],
        ["student@demo.test", docklands.id],
      ].sort(),
    );
    const [student] = await database.db.select().from(users).where(eq(users.email, "student@demo.test"));
    expect(student!.universityId).toBe(demo.id);
  });

  it("refuses a second account whose email differs only in case", async () => {
    await expect(
      database.db.insert(users).values({ email: "Student@Demo.Test", name: "x", passwordHash: "x", role: "student" }),
    ).rejects.toThrow();
  });
});

describe("LoginSchema", () => {
  it("trims the email and explains what is wrong", () => {
    expect(LoginSchema.parse({ email: " student@demo.test ", password: "x" }).email).toBe("student@demo.test");
    const r = LoginSchema.safeParse({ email: "nope", password: "" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "Enter an email address in the right format, like name@example.com",
      "Enter your password",
    ]);
    expect(LoginSchema.safeParse({ email: null, password: null }).error?.issues[0]?.message).toBe(
      "Enter your email address",
    );
  });
});

describe("attemptLogin", () => {
  it("logs in with any letter case of the email and opens a session", async () => {
    const outcome = await attemptLogin(services, { email: "STUDENT@demo.test", password: PASSWORD }, "10.0.0.1", null);
    expect(outcome.ok).toBe(true);
    if ("token" in outcome) expect((await services.sessions.lookup(outcome.token))?.email).toBe("student@demo.test");
  });

  it("gives the same message for a wrong password and an unknown email", async () => {
    const wrong = await attemptLogin(services, { email: "student@demo.test", password: "nope" }, "10.0.0.2", null);
    const unknown = await attemptLogin(services, { email: "nobody@demo.test", password: PASSWORD }, "10.0.0.2", null);
    expect(wrong).toEqual({ ok: false, status: 401, message: WRONG_CREDENTIALS });
    expect(unknown).toEqual(wrong);
  });

  it("refuses a deactivated account with the right password, saying why, and a wrong one as any other", async () => {
    const { email } = await createUser(database.db, { accessStatus: "deactivated" });
    const right = await attemptLogin(services, { email, password: TEST_PASSWORD }, "10.0.0.9", null);
    expect(right).toEqual({ ok: false, status: 403, message: DEACTIVATED });
    const wrong = await attemptLogin(services, { email, password: "nope" }, "10.0.0.9", null);
    expect(wrong).toEqual({ ok: false, status: 401, message: WRONG_CREDENTIALS });
    const staff = await createUser(database.db, { role: "platform_staff", accessStatus: "deactivated" });
    expect(await attemptLogin(services, { email: staff.email, password: TEST_PASSWORD }, "10.0.0.9", null)).toEqual(
      right,
    );
  });

  it("lets only members of the microsite's university log in there", async () => {
    const outsider = await attemptLogin(
      services,
      { email: "predeparture@demo.test", password: PASSWORD },
      "10.0.0.3",
      second,
    );
    expect(outsider).toMatchObject({ ok: false, status: 403 });
    expect(
      (await attemptLogin(services, { email: "predeparture@demo.test", password: PASSWORD }, "10.0.0.3", demo)).ok,
    ).toBe(true);
  });

  it("makes another of the person's campuses active when they log in on its microsite", async () => {
    const activeOf = async (email: string) =>
      (await database.db.select().from(users).where(eq(users.email, email)))[0]!.universityId;
    // A session opened on the main site, cached with Demo University's plan.
    const earlier = await attemptLogin(services, { email: "student@demo.test", password: PASSWORD }, "10.0.0.4", null);
    if (!("token" in earlier)) throw new Error("the student could not log in");
    expect((await services.sessions.lookup(earlier.token))?.universityPlan?.planCihPremium).toBe(true);

    const there = await attemptLogin(
      services,
      { email: "student@demo.test", password: PASSWORD },
      "10.0.0.4",
      docklands,
    );
    expect(there.ok).toBe(true);
    expect(await activeOf("student@demo.test")).toBe(docklands.id);
    if ("token" in there) expect((await services.sessions.lookup(there.token))?.universityId).toBe(docklands.id);
    // The cache of the earlier session was dropped, so it sees the campus's plan at once.
    expect(await services.sessions.lookup(earlier.token)).toMatchObject({
      universityId: docklands.id,
      universityPlan: { planCihPremium: false },
    });

    // Back on the first campus's site, that one is active again.
    expect(
      (await attemptLogin(services, { email: "student@demo.test", password: PASSWORD }, "10.0.0.4", demo)).ok,
    ).toBe(true);
    expect(await activeOf("student@demo.test")).toBe(demo.id);
  });

  it("keeps refusing a campus's site to everyone who does not belong to that campus", async () => {
    // Same university group, right password, but not a student of the campus.
    const outsider = await attemptLogin(
      services,
      { email: "basic.student@demo.test", password: PASSWORD },
      "10.0.0.5",
      docklands,
    );
    expect(outsider).toEqual({
      ok: false,
      status: 403,
      message:
        "This account is not registered with Demo University Docklands Campus. Log in on your own university's site instead.",
    });
    const [basic] = await database.db.select().from(users).where(eq(users.email, "basic.student@demo.test"));
    expect(basic!.universityId).toBe(demo.id);
    // A wrong password on the campus's site switches nothing either.
    expect(
      await attemptLogin(services, { email: "student@demo.test", password: "nope" }, "10.0.0.5", docklands),
    ).toMatchObject({ status: 401 });
    const [student] = await database.db.select().from(users).where(eq(users.email, "student@demo.test"));
    expect(student!.universityId).toBe(demo.id);
  });

  it("locks an account after too many failures, even with the right password", async () => {
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
      expect(
        (await attemptLogin(services, { email: "basic.student@demo.test", password: "bad" }, `10.1.0.${i}`, null)).ok,
      ).toBe(false);
    }
    const locked = await attemptLogin(
      services,
      { email: "basic.student@demo.test", password: PASSWORD },
      "10.1.1.1",
      null,
    );
    expect(locked).toMatchObject({ ok: false, status: 429 });
    if (!locked.ok) expect(locked.message).toMatch(/wait 15 minutes/);
  });

  it("limits one address trying many accounts", async () => {
    for (let i = 0; i < LOGIN_LIMITS.ip.max; i++) {
      await attemptLogin(services, { email: `guess${i}@demo.test`, password: "bad" }, "10.9.9.9", null);
    }
    expect(
      await attemptLogin(services, { email: "student@demo.test", password: PASSWORD }, "10.9.9.9", null),
    ).toMatchObject({ status: 429 });
    expect(
      (await attemptLogin(services, { email: "student@demo.test", password: PASSWORD }, "10.9.9.10", null)).ok,
    ).toBe(true);
  });

  it("counts only failed logins against an address: a right password gives its try back", async () => {
    const ip = "10.8.8.8";
    for (let i = 0; i < LOGIN_LIMITS.ip.max - 1; i++)
      await attemptLogin(services, { email: `miss${i}@demo.test`, password: "bad" }, ip, null);
    for (let i = 0; i < 3; i++)
      expect((await attemptLogin(services, { email: "admin@second.test", password: PASSWORD }, ip, null)).ok).toBe(
        true,
      );
    expect(await attemptLogin(services, { email: "last.miss@demo.test", password: "bad" }, ip, null)).toMatchObject({
      status: 401,
    });
    expect(await attemptLogin(services, { email: "admin@second.test", password: PASSWORD }, ip, null)).toMatchObject({
      status: 429,
    });
  });
});
