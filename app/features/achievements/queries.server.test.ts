import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { recordEvent } from "~/db/events.server";
import { trackReads } from "~/db/reads.server";
import { createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { achievementsOf } from "./queries.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute));

describe("achievementsOf", () => {
  it("answers the badges awarded and the way to the rest, and writes nothing", async () => {
    const db = database.db;
    const user = await createUser(db);
    await recordEvent(db, { kind: "job.applied", at: at(1), userId: user.id });
    await recordEvent(db, { kind: "job.applied", at: at(2), userId: user.id });
    const { value: mine, reads } = await trackReads(await database.watchChanges(), () => achievementsOf(db, user.id));
    expect(reads.wrote).toBe(false);
    // Only this person's events: another student's new badge leaves this page kept.
    expect([...reads.tables].sort()).toEqual([`achievements:${user.id}`, `events:${user.id}`]);
    expect(mine.earned).toEqual([expect.objectContaining({ id: "first-application", earnedAt: at(1).toISOString() })]);
    expect(mine.open[0]).toMatchObject({ id: "five-applications", done: 2, count: 5 });
    expect(mine.open.find((b) => b.id === "first-cv")).toMatchObject({ done: 0, count: 1, link: "/choose-template" });
  });
});
