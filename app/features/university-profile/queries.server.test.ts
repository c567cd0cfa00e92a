import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, universities, users } from "~/db/schema";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { accountOf, saveAccount, saveBrandColour, saveUniversitySettings, teamOf } from "./queries.server";

const NOW = new Date("2026-11-23T12:00:00Z");
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("the university's team", () => {
  it("lists the university's open admin accounts by name, and no one else", async () => {
    const db = database.db;
    const mine = await createUniversity(db);
    const theirs = await createUniversity(db);
    const decided = new Date("2026-02-01T09:00:00Z");
    const zoe = await createUser(db, {
      name: "Zoe Adams",
      role: "university_admin",
      universityId: mine.id,
      jobTitle: "Careers adviser",
    });
    const ben = await createUser(db, {
      name: "Ben Clark",
      role: "university_admin",
      universityId: mine.id,
      accessDecidedAt: decided,
    });
    await createUser(db, {
      name: "Waiting Person",
      role: "university_admin",
      universityId: mine.id,
      accessStatus: "awaiting_approval",
    });
    await createUser(db, {
      name: "Refused Person",
      role: "university_admin",
      universityId: mine.id,
      accessStatus: "refused",
    });
    await createUser(db, { name: "A Student", role: "student", universityId: mine.id });
    await createUser(db, { name: "Other Admin", role: "university_admin", universityId: theirs.id });
    const team = await teamOf(db, mine.id);
    expect(team.map((m) => m.name)).toEqual(["Ben Clark", "Zoe Adams"]);
    expect(team[0]).toMatchObject({ id: ben.id, jobTitle: null, since: decided });
    expect(team[1]).toMatchObject({ id: zoe.id, email: zoe.email, jobTitle: "Careers adviser", since: zoe.createdAt });
  });
});

describe("saving", () => {
  it("changes the admin's own name and job title, and the university's settings and colour, and nothing else", async () => {
    const db = database.db;
    const mine = await createUniversity(db, { emailDomains: ["old.example"], careersEmail: "old@old.example" });
    const theirs = await createUniversity(db, { emailDomains: ["theirs.example"] });
    const admin = await createUser(db, { role: "university_admin", universityId: mine.id });
    await saveAccount(db, admin.id, { name: "Sarah W", job_title: null }, NOW);
    expect(await accountOf(db, admin.id)).toEqual({ name: "Sarah W", email: admin.email, jobTitle: null });
    expect(
      (await db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, admin.id)))[0]!.updatedAt,
    ).toEqual(NOW);

    const actor = { id: admin.id, role: "university_admin", ip: "203.0.113.4" };
    await saveUniversitySettings(
      db,
      actor,
      mine.id,
      {
        name: "New Name",
        email_domains: ["new.example", "student.new.example"],
        careers_email: null,
        careers_url: "https://careers.new.example/",
      },
      NOW,
    );
    await saveBrandColour(db, actor, mine.id, "#0f766e", NOW);
    // The same colour again changes nothing, and records nothing.
    await saveBrandColour(db, actor, mine.id, "#0f766e", NOW);
    const [row] = await db.select().from(universities).where(eq(universities.id, mine.id));
    expect(row).toMatchObject({
      name: "New Name",
      emailDomains: ["new.example", "student.new.example"],
      careersEmail: null,
      careersUrl: "https://careers.new.example/",
      brandColour: "#0f766e",
      slug: mine.slug,
    });
    const [other] = await db.select().from(universities).where(eq(universities.id, theirs.id));
    expect(other).toEqual(theirs);
    const audited = await db.select().from(auditLog).where(eq(auditLog.universityId, mine.id)).orderBy(auditLog.id);
    expect(audited.map((a) => [a.action, a.actorId, a.changes])).toEqual([
      [
        "university.updated",
        admin.id,
        {
          name: { before: mine.name, after: "New Name" },
          emailDomains: { before: ["old.example"], after: ["new.example", "student.new.example"] },
          careersEmail: { before: "old@old.example", after: null },
          careersUrl: { before: null, after: "https://careers.new.example/" },
        },
      ],
      ["university.branding_updated", admin.id, { brandColour: { before: mine.brandColour, after: "#0f766e" } }],
    ]);
  });
});

describe("email domains", () => {
  it("belong to one university: one another holds, or one above or under it, is refused and nothing stored", async () => {
    const db = database.db;
    await createUniversity(db, { name: "Holder University", emailDomains: ["holder.example"] });
    const mine = await createUniversity(db, { emailDomains: ["mine.example"] });
    const actor = { id: null, role: "university_admin", ip: "203.0.113.4" };
    const settings = (email_domains: string[]) => ({
      name: mine.name,
      email_domains,
      careers_email: null,
      careers_url: null,
    });
    expect(await saveUniversitySettings(db, actor, mine.id, settings(["mine.example", "holder.example"]), NOW)).toEqual(
      {
        ok: false,
        emailDomains:
          "“holder.example” is Holder University's: an email domain belongs to one university. If its addresses are your students', ask the platform's team.",
      },
    );
    expect(await saveUniversitySettings(db, actor, mine.id, settings(["students.holder.example"]), NOW)).toMatchObject({
      ok: false,
      emailDomains: expect.stringMatching(
        /^“students\.holder\.example” shares addresses with “holder\.example”, Holder University's:/,
      ),
    });
    expect(await saveUniversitySettings(db, actor, mine.id, settings(["example"]), NOW)).toMatchObject({ ok: false });
    const [kept] = await db.select().from(universities).where(eq(universities.id, mine.id));
    expect(kept!.emailDomains).toEqual(["mine.example"]);
    expect(await db.select().from(auditLog).where(eq(auditLog.universityId, mine.id))).toEqual([]);
    // Its own domains, and one beside another's, are its own to keep.
    expect(
      await saveUniversitySettings(db, actor, mine.id, settings(["mine.example", "mineholder.example"]), NOW),
    ).toEqual({ ok: true });
    // One that held another's domain before the rule still saves its details, keeping it, but adds no other.
    const legacy = await createUniversity(db, { emailDomains: ["holder.example"] });
    const renamed = { ...settings(["holder.example"]), name: "Legacy University" };
    expect(await saveUniversitySettings(db, actor, legacy.id, renamed, NOW)).toEqual({ ok: true });
    expect(
      await saveUniversitySettings(
        db,
        actor,
        legacy.id,
        { ...renamed, email_domains: ["holder.example", "mine.example"] },
        NOW,
      ),
    ).toMatchObject({ ok: false, emailDomains: expect.stringContaining("“mine.example” is") });
  });
});
