import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { graduateSurveys, studentProfiles } from "~/db/schema";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { DEMO_SURVEY_TOKEN } from "./demo-link";
import { generateOutcomes } from "./demo.server";
import { surveyOfLink } from "./surveys.server";
import { addMonths } from "./waves";

// The made-up graduates' surveys of the demo and the benchmark.
const TODAY = "2026-11-30";
let database: Database;
let universityId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  universityId = (await createUniversity(db)).id;
  for (let i = 1; i <= 60; i++) {
    const user = await createUser(db, { universityId, email: `demo.activity.1.${String(i).padStart(6, "0")}@x.test` });
    await db
      .insert(studentProfiles)
      .values({ userId: user.id, course: "MSc Finance", studyLevel: "postgraduate_taught" });
  }
  // A real student is left alone.
  await createUser(db, { universityId });
});
afterAll(() => database?.close());

describe("the made-up graduate outcomes", () => {
  it("sends each made-up graduate the surveys due by today, and answers about half, with the demo's link open", async () => {
    const { db } = database;
    const plan = { universityId, countryId: 226, today: TODAY, seed: 7, demoToken: DEMO_SURVEY_TOKEN };
    const made = await generateOutcomes(db, plan);
    const rows = await db.select().from(graduateSurveys).where(eq(graduateSurveys.universityId, universityId));
    expect(rows).toHaveLength(made);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(60);
    for (const r of rows) {
      expect(addMonths(r.graduationMonth, r.wave) <= TODAY.slice(0, 7)).toBe(true);
      expect(r.sentAt.toISOString().slice(0, 10) <= TODAY).toBe(true);
      // A working graduate's answer is whole; anyone else's holds no job.
      expect(r.activity === "working").toBe(r.workCountryId !== null && r.workRoute !== null && r.sponsored !== null);
    }
    // A graduate asked twice: the first survey closed when the second went out.
    const twice = rows.filter((r) => r.wave === 15).map((r) => r.userId);
    expect(twice.length).toBeGreaterThan(0);
    for (const id of twice) {
      const [six, fifteen] = rows.filter((r) => r.userId === id).sort((a, b) => a.wave - b.wave);
      expect(six!.closesAt).toEqual(fifteen!.sentAt);
    }
    const share = rows.filter((r) => r.answeredAt).length / rows.length;
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.7);
    const demo = await surveyOfLink(db, DEMO_SURVEY_TOKEN, new Date(`${TODAY}T12:00:00Z`));
    expect(demo).toMatchObject({ wave: 6, open: true, answeredAt: null, graduationMonth: "2026-04" });
    // The profiles keep no graduation month, so the survey job never emails the made-up addresses.
    expect((await db.select().from(studentProfiles)).every((p) => p.graduationDate === null)).toBe(true);
  });
});
