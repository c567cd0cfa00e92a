import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import { importRegister } from "~/features/sponsors/import.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { REPORT_MAX_AGE_MS, drawnReport } from "./page.server";

const register = (lines: string) =>
  (async function* () {
    yield `Organisation Name,Town/City,County,Type & Rating,Route\n${lines}`;
  })();

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await importRegister(database.db, register("Alpha Ltd,London,,Worker (A rating),Skilled Worker\n"), {
    registerDate: "2026-11-20",
    source: "first.csv",
  });
});
afterAll(() => database?.close());

const at = (iso: string) => new Date(iso);

describe("the drawn report", () => {
  it("draws each chart as an inline SVG image named for it, with no style attribute", async () => {
    const report = await drawnReport(database.db, at("2026-11-25T10:00:00Z"));
    expect(report.register?.charts.map((c) => c.id)).toEqual(["by-route", "by-rating", "by-town"]);
    for (const c of report.register!.charts) {
      expect(c.svg).toMatch(/^<svg[^>]* role="img"/);
      expect(c.svg).toContain(`<title>${c.title}</title>`);
      expect(c.svg).not.toMatch(/ style="/);
      expect(c).not.toHaveProperty("chart");
    }
  });

  it("is computed once and kept while nothing it depends on changes, for up to an hour", async () => {
    const first = await drawnReport(database.db, at("2026-11-25T10:00:00Z"));
    expect(await drawnReport(database.db, at("2026-11-25T10:30:00Z"))).toBe(first);
    const later = await drawnReport(database.db, at("2026-11-25T11:00:00Z"));
    expect(later).not.toBe(first);
    expect(later.computedAt).toBe("2026-11-25T11:00:00.000Z");
  });

  it("is computed again when a job opens or a new register is imported", async () => {
    const before = await drawnReport(database.db, at("2026-11-25T12:00:00Z"));
    expect(before.jobs.open).toBe(0);
    await database.db.insert(jobPostings).values({
      slug: "memo-job",
      source: "test",
      externalId: "memo-job",
      title: "Analyst",
      employerName: "Alpha Ltd",
      type: "full-time",
      descriptionMarkdown: "x",
      descriptionHtml: "<p>x</p>",
      postedAt: at("2026-11-25T11:00:00Z"),
      sponsorshipStatus: "likely",
    });
    const withJob = await drawnReport(database.db, at("2026-11-25T12:01:00Z"));
    expect(withJob.jobs.open).toBe(1);
    expect(withJob.jobs.charts.map((c) => c.id)).toEqual(["jobs-by-sponsorship", "jobs-by-salary"]);

    await importRegister(
      database.db,
      register(
        "Alpha Ltd,London,,Worker (A rating),Skilled Worker\nBeta Ltd,Leeds,,Worker (A rating),Skilled Worker\n",
      ),
      {
        registerDate: "2026-11-24",
        source: "second.csv",
      },
    );
    const newRegister = await drawnReport(database.db, at("2026-11-25T12:02:00Z"));
    expect(newRegister.register).toMatchObject({ registerDate: "2026-11-24", organisations: 2 });
  });

  it("is computed again on a new day in the UK", async () => {
    const evening = await drawnReport(database.db, at("2026-11-25T23:30:00Z"));
    const pastMidnight = await drawnReport(database.db, at("2026-11-26T00:10:00Z"));
    expect(pastMidnight).not.toBe(evening);
    expect(pastMidnight.computedOn).toBe("2026-11-26");
    expect(REPORT_MAX_AGE_MS).toBe(60 * 60 * 1000);
  });
});
