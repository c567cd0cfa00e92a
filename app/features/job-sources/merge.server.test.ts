import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobIsListed, jobPostings } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { mergeDuplicates } from "./merge.server";

let database: Database;
const at = new Date("2026-11-20T09:00:00Z");
let n = 0;
async function addJob(over: Partial<typeof jobPostings.$inferInsert>) {
  n += 1;
  const [row] = await database.db
    .insert(jobPostings)
    .values({
      slug: `job-${n}`,
      source: over.source ?? "a",
      externalId: String(n),
      title: "Data Analyst",
      employerName: "Acme",
      type: "full-time",
      descriptionMarkdown: "",
      descriptionHtml: "",
      postedAt: at,
      ...over,
    })
    .returning({ id: jobPostings.id });
  return row!.id;
}
const listed = async () =>
  (await database.db.select({ id: jobPostings.id }).from(jobPostings).where(jobIsListed)).map((r) => r.id).sort();
const duplicateOf = async (id: number) =>
  (await database.db.select().from(jobPostings).where(eq(jobPostings.id, id)))[0]!.duplicateOf;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("mergeDuplicates", () => {
  let first: number;
  let second: number;
  let alone: number;

  it("lists one job of a vacancy two sources carry, and every other job", async () => {
    first = await addJob({ source: "a", applyUrl: "https://acme.test/jobs/1" });
    second = await addJob({ source: "b", applyUrl: "https://www.acme.test/jobs/1/?utm_source=board" });
    alone = await addJob({ source: "b", applyUrl: "https://acme.test/jobs/2" });
    expect(await mergeDuplicates(database.db)).toBe(1);
    expect(await listed()).toEqual([first, alone].sort());
    expect(await duplicateOf(second)).toBe(first);
    // Nothing changed: nothing is written.
    expect(await mergeDuplicates(database.db)).toBe(0);
  });

  it("lists the duplicate once the canonical job closes", async () => {
    await database.db.update(jobPostings).set({ status: "closed" }).where(eq(jobPostings.id, first));
    expect(await mergeDuplicates(database.db)).toBe(1);
    expect(await listed()).toEqual([second, alone].sort());
  });
});
