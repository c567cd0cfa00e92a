import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auPointsResults, users } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { calculatePoints } from "./calculate";
import { MAX_SAVED, deleteResult, listResults, saveResult } from "./queries.server";
import type { Answers } from "./schema";

let database: Database;
let amara: number;
let ben: number;

const ANSWERS: Answers = {
  dateOfBirth: "1996-05-10",
  invitationDate: "2026-11-22",
  english: "proficient",
  overseasEmploymentYears: 0,
  australianEmploymentYears: 1.5,
  qualification: "bachelor",
  specialistEducation: false,
  australianStudy: true,
  regionalStudy: false,
  professionalYear: false,
  communityLanguage: false,
  partner: "single_or_citizen",
};

const addUser = async (email: string) =>
  (
    await database.db
      .insert(users)
      .values({ email, name: email, passwordHash: "x", role: "student" })
      .returning({ id: users.id })
  )[0]!.id;

beforeAll(async () => {
  database = await createTestDatabase();
  amara = await addUser("amara@example.com");
  ben = await addUser("ben@example.com");
});
afterAll(() => database.close());

describe("saved points results", () => {
  it("keeps the answers, total and rule version, and lists only the owner's, newest first", async () => {
    const result = calculatePoints(ANSWERS);
    const first = await saveResult(database.db, amara, ANSWERS, result);
    const second = await saveResult(
      database.db,
      amara,
      { ...ANSWERS, english: "superior" },
      calculatePoints({ ...ANSWERS, english: "superior" }),
    );
    await saveResult(database.db, ben, ANSWERS, result);
    const list = await listResults(database.db, amara);
    expect(list.map((r) => r.id)).toEqual([second, first]);
    // 30 age + 10 Proficient + 5 Australian employment + 15 Bachelor + 5 Australian study + 10 partner
    expect(list[1]).toMatchObject({ answers: ANSWERS, total: 75, ruleVersion: "2019-11-16" });
    expect(list[0]!.total).toBe(85);
    expect((await listResults(database.db, ben)).map((r) => r.total)).toEqual([75]);
  });

  it("deletes only a result of the one asking", async () => {
    const [bens] = await listResults(database.db, ben);
    expect(await deleteResult(database.db, amara, bens!.id)).toBe(false);
    expect(await listResults(database.db, ben)).toHaveLength(1);
    expect(await deleteResult(database.db, ben, bens!.id)).toBe(true);
    expect(await listResults(database.db, ben)).toHaveLength(0);
    expect(await deleteResult(database.db, ben, bens!.id)).toBe(false);
  });

  it(`keeps at most ${MAX_SAVED} per student`, async () => {
    const carl = await addUser("carl@example.com");
    const result = calculatePoints(ANSWERS);
    for (let i = 0; i < MAX_SAVED; i++)
      expect(await saveResult(database.db, carl, ANSWERS, result)).toBeTypeOf("number");
    expect(await saveResult(database.db, carl, ANSWERS, result)).toBeNull();
    expect(await listResults(database.db, carl)).toHaveLength(MAX_SAVED);
    expect(await saveResult(database.db, amara, ANSWERS, result)).toBeTypeOf("number");
  });

  it("goes with the account", async () => {
    await database.db.delete(users).where(eq(users.id, amara));
    expect(await database.db.select().from(auPointsResults).where(eq(auPointsResults.userId, amara))).toEqual([]);
  });
});
