import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import { achievements } from "~/db/schema";
import { createUniversity, createUser } from "../../tests/support/factories";
import { createTestDatabase } from "../../tests/support/test-db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute));

describe("recordEvent", () => {
  it("awards a badge with the event that earns it, once, dated by that event, however many arrive at once", async () => {
    const db = database.db;
    const university = await createUniversity(db);
    const user = await createUser(db, { universityId: university.id });
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((minute) =>
        recordEvent(db, { kind: "job.saved", at: at(minute), userId: user.id, universityId: university.id }),
      ),
    );
    const rows = await db.select().from(achievements).where(eq(achievements.userId, user.id));
    expect(rows.map((r) => [r.badge, r.earnedAt.toISOString(), r.universityId]).sort()).toEqual([
      ["first-job-saved", at(1).toISOString(), university.id],
      ["five-jobs-saved", at(5).toISOString(), university.id],
    ]);
  });

  it("keeps or drops the badge with the event's transaction", async () => {
    const db = database.db;
    const user = await createUser(db);
    await expect(
      db.transaction(async (tx) => {
        await recordEvent(tx, { kind: "cv.created", at: at(1), userId: user.id });
        throw new Error("the change the event was part of failed");
      }),
    ).rejects.toThrow("failed");
    expect(await db.select().from(achievements).where(eq(achievements.userId, user.id))).toEqual([]);
    await db.transaction((tx) => recordEvent(tx, { kind: "cv.created", at: at(2), userId: user.id }));
    expect((await db.select().from(achievements).where(eq(achievements.userId, user.id))).map((r) => r.badge)).toEqual([
      "first-cv",
    ]);
  });
});
