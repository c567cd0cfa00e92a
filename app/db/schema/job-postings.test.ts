import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { jobPostings } from "./job-postings";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const posting = (externalId: string, title: string, employerName: string, descriptionMarkdown: string) => ({
  slug: `job-${externalId}`,
  source: "test",
  externalId,
  title,
  employerName,
  type: "full-time" as const,
  descriptionMarkdown,
  descriptionHtml: "",
  postedAt: new Date("2026-11-01T09:00:00Z"),
});

describe("job_postings", () => {
  it("weights the search words: a title match ranks above a description match", async () => {
    await database.db
      .insert(jobPostings)
      .values([
        posting("1", "Data analyst", "Acme Ltd", "Join our finance team."),
        posting("2", "Finance assistant", "Beta Ltd", "Support the data analyst with reports."),
      ]);
    const ranked = await rowsOf<{ title: string }>(
      database.db,
      sql`select title from job_postings where search @@ websearch_to_tsquery('english', 'analyst') order by ts_rank(search, websearch_to_tsquery('english', 'analyst')) desc`,
    );
    expect(ranked.map((r) => r.title)).toEqual(["Data analyst", "Finance assistant"]);
  });

  it("keeps one posting per source and external id", async () => {
    await expect(
      database.db.insert(jobPostings).values({ ...posting("1", "Again", "Acme Ltd", ""), slug: "another-slug" }),
    ).rejects.toThrow();
  });

  it("finds a misspelt title through the trigram index's operator", async () => {
    const found = await rowsOf<{ title: string }>(
      database.db,
      sql`select title from job_postings where lower(title) % 'dta analyst'`,
    );
    expect(found.map((r) => r.title)).toEqual(["Data analyst"]);
  });
});
