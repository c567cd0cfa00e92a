import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { closeExpiredJobs } from "./maintenance.server";

let database: Database;
const now = new Date("2026-11-28T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const job = (id: string, closingDate: string | null) => ({
    slug: `job-${id}`,
    source: "board",
    externalId: id,
    title: `Job ${id}`,
    employerName: "Acme",
    type: "full-time" as const,
    descriptionMarkdown: "",
    descriptionHtml: "",
    postedAt: now,
    closingDate,
  });
  await database.db
    .insert(jobPostings)
    .values([job("past", "2026-11-27"), job("today", "2026-11-28"), job("none", null), job("later", "2027-01-05")]);
});
afterAll(() => database?.close());

describe("closeExpiredJobs", () => {
  it("closes the open jobs whose closing date has passed, and only those, once", async () => {
    expect(await closeExpiredJobs(database.db, "2026-11-28", now)).toBe(1);
    const rows = await database.db.select().from(jobPostings).orderBy(jobPostings.externalId);
    expect(rows.map((r) => [r.externalId, r.status])).toEqual([
      ["later", "open"],
      ["none", "open"],
      ["past", "closed"],
      ["today", "open"],
    ]);
    // Closed on its closing date, as its page has said since then, not when the hourly run came by.
    expect(rows.find((r) => r.externalId === "past")!.closedAt).toEqual(new Date("2026-11-27T12:00:00Z"));
    expect(await closeExpiredJobs(database.db, "2026-11-28", now)).toBe(0);
  });
});
