import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import { achievements } from "~/db/schema";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { syncAchievements } from "./queries.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("syncAchievements", () => {
  it("awards each badge once under concurrent events and reads, dated by the event that earned it", async () => {
    const db = database.db;
    const university = await createUniversity(db);
    const user = await createUser(db, { universityId: university.id });
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute));
    // Five saves recorded side by side, each read straight after.
    await Promise.all(
      [1, 2, 3, 4, 5].map(async (minute) => {
        await recordEvent(db, { kind: "job.saved", at: at(minute), userId: user.id, universityId: university.id });
        await syncAchievements(db, user.id);
      }),
    );
    const [first, again] = await Promise.all([syncAchievements(db, user.id), syncAchievements(db, user.id)]);
    expect(first).toEqual(again);
    expect(first.earned.map((b) => [b.id, b.earnedAt])).toEqual([
      ["five-jobs-saved", at(5).toISOString()],
      ["first-job-saved", at(1).toISOString()],
    ]);
    const rows = await db.select().from(achievements).where(eq(achievements.userId, user.id));
    expect(rows.map((r) => r.badge).sort()).toEqual(["first-job-saved", "five-jobs-saved"]);
    expect(rows.every((r) => r.universityId === university.id)).toBe(true);
    expect(first.open[0]).toMatchObject({ done: 0 });
    expect(first.open.find((b) => b.id === "five-applications")).toMatchObject({ done: 0, count: 5, link: "/jobs" });
  });
});
