import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { openJobsByCountry } from "./reports.server";

let database: Database;
let n = 0;
async function job(country: string, values: Partial<typeof jobPostings.$inferInsert> = {}) {
  n++;
  const [row] = await database.db
    .insert(jobPostings)
    .values({
      slug: `country-job-${n}`,
      source: "test",
      externalId: String(n),
      title: "Analyst",
      employerName: "Alpha Ltd",
      type: "full-time",
      country,
      descriptionMarkdown: "x",
      descriptionHtml: "<p>x</p>",
      postedAt: new Date("2026-11-01T09:00:00Z"),
      ...values,
    })
    .returning({ id: jobPostings.id });
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("openJobsByCountry", () => {
  it("counts a vacancy two sources list once, and leaves out closed jobs and those moderation took down", async () => {
    const first = await job("IN");
    await job("IN");
    await job("IN", { duplicateOf: first });
    await job("IN", { status: "closed" });
    await job("IN", { hiddenAt: new Date("2026-11-02T09:00:00Z") });
    await job("NG");
    const counts = await openJobsByCountry(database.db);
    expect(counts.get("IN")).toBe(2);
    expect(counts.get("NG")).toBe(1);
  });
});
