import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { makeReferralSlug, referralSlugOf, referrerBySlug } from "./referrals.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("makeReferralSlug", () => {
  it("gives a student a link once, only when asked: reading it makes none", async () => {
    const student = await createUser(database.db);
    expect(await referralSlugOf(database.db, student.id)).toBeNull();
    const slug = await makeReferralSlug(database.db, student.id);
    expect(slug).toMatch(/^[a-z0-9]{10}$/);
    expect(await makeReferralSlug(database.db, student.id)).toBe(slug);
    expect(await referralSlugOf(database.db, student.id)).toBe(slug);
  });
});

describe("referrerBySlug", () => {
  it("opens the referrer's own university's registration", async () => {
    const university = await createUniversity(database.db);
    const student = await createUser(database.db, { universityId: university.id });
    const found = await referrerBySlug(database.db, await makeReferralSlug(database.db, student.id));
    expect(found).toEqual({
      id: student.id,
      name: student.name,
      university: { slug: university.slug, name: university.name },
    });
  });

  it("opens the group's registration for a student on a campus, which takes no addresses of its own", async () => {
    const main = await createUniversity(database.db, { emailDomains: ["main.test"] });
    const campus = await createUniversity(database.db, { groupId: main.id });
    const student = await createUser(database.db, { universityId: campus.id });
    const found = await referrerBySlug(database.db, await makeReferralSlug(database.db, student.id));
    expect(found?.university.slug).toBe(main.slug);
  });

  it("knows no link of a non-student or of a malformed slug", async () => {
    const admin = await createUser(database.db, {
      role: "university_admin",
      universityId: (await createUniversity(database.db)).id,
    });
    expect(await referrerBySlug(database.db, await makeReferralSlug(database.db, admin.id))).toBeNull();
    expect(await referrerBySlug(database.db, "NOT-A-SLUG")).toBeNull();
  });
});
