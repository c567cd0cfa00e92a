import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, universities, universitySso, users } from "~/db/schema";
import { Outbox } from "~/features/email/outbox.server";
import { readListQuery } from "~/lib/list-query";
import { manualClock } from "../../../tests/support/clock";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  UNIVERSITY_SORTS,
  approveFirstAdmin,
  changePlan,
  createUniversity as createUniversityRecord,
  listUniversities,
  universityOverview,
  updateUniversityDetails,
} from "./university-records.server";
import type { NewUniversity } from "./university-schema";

let database: Database;
let staff: { id: number; role: string; ip: string };
beforeAll(async () => {
  database = await createTestDatabase();
  const member = await createUser(database.db, { role: "platform_staff" });
  staff = { id: member.id, role: "platform_staff", ip: "198.51.100.7" };
});
afterAll(() => database.close());

const clock = manualClock(new Date("2026-11-28T09:00:00Z"));

const harbour: NewUniversity = {
  name: "Harbour University",
  slug: "harbour",
  countryId: 226,
  emailDomains: ["harbour.ac.uk"],
  micrositeHost: "careers.harbour.ac.uk",
  alumniAccessMonths: 24,
  selfRegistrationOpen: true,
  brandColour: "#1d4ed8",
};

const entriesFor = (universityId: number) =>
  database.db.select().from(auditLog).where(eq(auditLog.universityId, universityId)).orderBy(auditLog.id);

describe("creating a university", () => {
  it("stores it with an audit entry of what it was made with, by whom", async () => {
    const outcome = await createUniversityRecord(database.db, staff, harbour, clock());
    expect(outcome).toMatchObject({ ok: true });
    const id = (outcome as { id: number }).id;
    const [row] = await database.db.select().from(universities).where(eq(universities.id, id));
    expect(row).toMatchObject({ ...harbour, planCareerHub: false, createdAt: clock() });
    expect(await entriesFor(id)).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        actorRole: "platform_staff",
        ip: "198.51.100.7",
        action: "university.created",
        targetType: "university",
        targetId: String(id),
        changes: expect.objectContaining({
          slug: { before: null, after: "harbour" },
          emailDomains: { before: null, after: ["harbour.ac.uk"] },
          selfRegistrationOpen: { before: null, after: true },
        }),
      }),
    ]);
  });

  it("refuses another's slug, microsite host or email domain and an unknown country, storing nothing", async () => {
    const taken = await createUniversity(database.db, { name: "Taken University", micrositeHost: "taken.localhost" });
    const before = (await database.db.select().from(universities)).length;
    const outcome = await createUniversityRecord(
      database.db,
      staff,
      { ...harbour, name: "Copy", slug: taken.slug, micrositeHost: "TAKEN.localhost".toLowerCase(), countryId: 9999 },
      clock(),
    );
    expect(outcome).toEqual({
      ok: false,
      status: 400,
      fieldErrors: {
        slug: `The slug ${taken.slug} is Taken University's already: choose another`,
        microsite_host: "taken.localhost is Taken University's microsite already: choose another",
        // Harbour University, made above, holds it.
        email_domains:
          "“harbour.ac.uk” is Harbour University's: an email domain belongs to one university. If its addresses are your students', ask the platform's team.",
        country: "Choose the university's country from the list",
      },
    });
    expect((await database.db.select().from(universities)).length).toBe(before);
  });

  it("refuses an email domain that is no one university's: a public suffix or an open email service", async () => {
    const before = (await database.db.select().from(universities)).length;
    for (const [domain, why] of [
      ["ac.uk", "“ac.uk” is shared by many organisations"],
      ["outlook.com", "“outlook.com” is an email service anyone can join"],
    ] as const) {
      const outcome = await createUniversityRecord(
        database.db,
        staff,
        { ...harbour, slug: "open-door", micrositeHost: null, emailDomains: ["open-door.ac.uk", domain] },
        clock(),
      );
      expect(outcome).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { email_domains: expect.stringContaining(why) },
      });
    }
    expect((await database.db.select().from(universities)).length).toBe(before);
  });
});

describe("editing a university", () => {
  it("audits the fields that changed as university.updated, renames a stored logo's address with the slug, and records nothing when nothing changed", async () => {
    const uni = await createUniversity(database.db, {
      slug: "old-slug",
      logoUrl: "/university-logo/old-slug.0123456789abcdef.png",
    });
    const details = {
      name: uni.name,
      slug: "new-slug",
      countryId: uni.countryId,
      emailDomains: ["new.ac.uk"],
      micrositeHost: uni.micrositeHost,
      alumniAccessMonths: null,
      selfRegistrationOpen: false,
    };
    expect(await updateUniversityDetails(database.db, staff, uni.id, details, clock())).toEqual({
      ok: true,
      id: uni.id,
      changed: true,
    });
    const [row] = await database.db.select().from(universities).where(eq(universities.id, uni.id));
    expect(row).toMatchObject({ ...details, logoUrl: "/university-logo/new-slug.0123456789abcdef.png" });
    expect((await entriesFor(uni.id)).map((e) => [e.action, e.changes])).toEqual([
      [
        "university.updated",
        {
          slug: { before: "old-slug", after: "new-slug" },
          emailDomains: { before: [], after: ["new.ac.uk"] },
          selfRegistrationOpen: { before: true, after: false },
          logoUrl: {
            before: "/university-logo/old-slug.0123456789abcdef.png",
            after: "/university-logo/new-slug.0123456789abcdef.png",
          },
        },
      ],
    ]);
    expect(await updateUniversityDetails(database.db, staff, uni.id, details, clock())).toMatchObject({
      changed: false,
    });
    expect(await entriesFor(uni.id)).toHaveLength(1);
  });

  it("keeps the slug of a university whose single sign-on is set up, and answers 404 for none", async () => {
    const uni = await createUniversity(database.db);
    await database.db.insert(universitySso).values({
      universityId: uni.id,
      protocol: "oidc",
      attributePreset: "entra",
      attributeMapping: {
        email: "email",
        givenName: "",
        familyName: "",
        affiliation: "",
        student: [],
        staff: [],
        alum: [],
      },
      spCertificate: "certificate",
      spPrivateKeyEncrypted: "sealed",
      updatedAt: clock(),
    });
    const details = { ...harbour, slug: "renamed", micrositeHost: null, emailDomains: [] };
    expect(await updateUniversityDetails(database.db, staff, uni.id, details, clock())).toEqual({
      ok: false,
      status: 400,
      fieldErrors: {
        slug: `The slug stays ${uni.slug}: ${uni.name}'s single sign-on is set up with addresses that name it`,
      },
    });
    expect(await entriesFor(uni.id)).toEqual([]);
    expect(await updateUniversityDetails(database.db, staff, 987_654, details, clock())).toMatchObject({ status: 404 });
  });

  it("changes the plan as university.plan_changed", async () => {
    const uni = await createUniversity(database.db);
    const plan = { planCareerHub: true, planCihPremium: false, planCountryGuides: true };
    expect(await changePlan(database.db, staff, uni.id, plan, clock())).toMatchObject({ ok: true, changed: true });
    expect((await entriesFor(uni.id)).map((e) => [e.action, e.changes])).toEqual([
      [
        "university.plan_changed",
        {
          planCareerHub: { before: false, after: true },
          planCountryGuides: { before: false, after: true },
        },
      ],
    ]);
  });
});

describe("the list", () => {
  it("finds by name, slug or email domain, sorts and pages on the server, with admins and single sign-on", async () => {
    const tag = "zq";
    const a = await createUniversity(database.db, { name: `Alpha ${tag}`, emailDomains: [] });
    const b = await createUniversity(database.db, { name: "Beta", slug: `beta-${tag}`, emailDomains: [] });
    const c = await createUniversity(database.db, { name: "Gamma", emailDomains: [`gamma-${tag}.ac.uk`] });
    await createUniversity(database.db, { name: "Delta" });
    await createUser(database.db, { universityId: c.id, role: "university_admin" });
    await createUser(database.db, { universityId: c.id, role: "university_admin", accessStatus: "awaiting_approval" });
    await createUser(database.db, { universityId: c.id, role: "student" });
    const list = (search: string) =>
      listUniversities(
        database.db,
        readListQuery(new URL(`http://x/ops/universities?${search}`), {
          sorts: UNIVERSITY_SORTS,
          sort: "name",
          dir: "asc",
          pageSize: 2,
        }),
      );
    const first = await list(`q=${tag.toUpperCase()}`);
    expect(first.total).toBe(3);
    expect(first.pages).toBe(2);
    expect(first.rows.map((r) => r.id)).toEqual([a.id, b.id]);
    const second = await list(`q=${tag}&page=2`);
    expect(second.rows).toEqual([
      expect.objectContaining({ id: c.id, admins: 1, waiting: 1, ssoOn: false, planCareerHub: false }),
    ]);
    expect((await list(`q=${tag}&sort=name&dir=desc`)).rows.map((r) => r.id)).toEqual([c.id, b.id]);
    // A wildcard is taken literally.
    expect((await list("q=%25")).total).toBe(0);
  });
});

describe("approving a university's first administrator", () => {
  const deps = () => ({
    db: database.db,
    outbox: new Outbox(clock, "test.example"),
    now: clock(),
    origin: "https://careers.example",
  });

  it("goes through approveAdminByEmail for staff, then leaves the others to the university's administrator", async () => {
    const uni = await createUniversity(database.db);
    const waiting = {
      universityId: uni.id,
      role: "university_admin" as const,
      accessStatus: "awaiting_approval" as const,
      emailVerifiedAt: clock(),
    };
    const first = await createUser(database.db, waiting);
    const second = await createUser(database.db, waiting);
    expect(await approveFirstAdmin(deps(), staff, uni.id, first.email)).toMatchObject({ ok: true, userId: first.id });
    const [approved] = await database.db.select().from(users).where(eq(users.id, first.id));
    expect(approved).toMatchObject({ accessStatus: "active", accessDecidedBy: staff.id });
    expect((await entriesFor(uni.id)).map((e) => [e.action, e.actorId, e.targetId])).toEqual([
      ["account.approved", staff.id, String(first.id)],
    ]);
    expect(await approveFirstAdmin(deps(), staff, uni.id, second.email)).toMatchObject({ ok: false, status: 409 });
    const overview = await universityOverview(database.db, uni.id);
    expect(overview?.admins.map((a) => [a.id, a.status, a.confirmed])).toEqual([
      [first.id, "active", true],
      [second.id, "awaiting_approval", true],
    ]);
    expect(overview?.sso).toBeNull();
  });
});
