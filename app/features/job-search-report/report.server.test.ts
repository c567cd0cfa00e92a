import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import type { SalaryBand, SponsorshipStatus } from "~/db/schema/job-posting-values";
import { importRegister } from "~/features/sponsors/import.server";
import { ruleSetFor } from "~/features/sponsorship/rules";
import { createTestDatabase } from "../../../tests/support/test-db";
import { type JobSearchReport, type ReportChart, buildJobSearchReport, typeAndRating } from "./report.server";
import { percentOf } from "./shares";

// Seven organisations on nine lines: Alpha holds three licences; Beta's "LONDON" and Epsilon's
// "London," are London; Zeta gives no town; only Beta and Gamma give a county.
const REGISTER = `Organisation Name,Town/City,County,Type & Rating,Route
Alpha Ltd,London,,Worker (A rating),Skilled Worker
Alpha Ltd,London,,Worker (A rating),Intra-company Routes
Alpha Ltd,London,,Temporary Worker (A rating),Creative Worker
Beta Ltd,LONDON,Greater London,Worker (B rating),Skilled Worker
Gamma Ltd,Leeds,West Yorkshire,Worker (A (Premium)),Skilled Worker
Delta Ltd,Leeds,,Worker (A rating),Global Business Mobility: Senior or Specialist Worker
Epsilon Ltd,"London,",,Worker (A rating),Skilled Worker
Zeta Ltd,,,Temporary Worker (A (SME+)),Charity Worker
Eta Ltd,Cardiff,,Worker (UK Expansion Worker: Provisional),Global Business Mobility: UK Expansion Worker
`;

const NOW = new Date("2026-11-25T12:00:00Z");

let database: Database;
let empty: JobSearchReport;
let registerOnly: JobSearchReport;
let report: JobSearchReport;
let jobNumber = 0;

async function insertJobs(
  n: number,
  job: {
    sponsorship: SponsorshipStatus;
    band: SalaryBand;
    open?: boolean;
    demo?: boolean;
    duplicateOf?: number;
    hidden?: boolean;
  },
) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    jobNumber++;
    const [row] = await database.db
      .insert(jobPostings)
      .values({
        slug: `report-job-${jobNumber}`,
        source: "test",
        externalId: String(jobNumber),
        title: "Analyst",
        employerName: "Alpha Ltd",
        type: "full-time",
        descriptionMarkdown: "x",
        descriptionHtml: "<p>x</p>",
        postedAt: new Date("2026-11-01T09:00:00Z"),
        status: job.open === false ? "closed" : "open",
        sponsorshipStatus: job.sponsorship,
        salaryBand: job.band,
        demo: job.demo ?? false,
        duplicateOf: job.duplicateOf ?? null,
        hiddenAt: job.hidden ? NOW : null,
      })
      .returning({ id: jobPostings.id });
    ids.push(row!.id);
  }
  return ids;
}

beforeAll(async () => {
  database = await createTestDatabase();
  empty = await buildJobSearchReport(database.db, NOW);
  await importRegister(
    database.db,
    (async function* () {
      yield REGISTER;
    })(),
    { registerDate: "2026-11-20", source: "register-2026-11-20.csv" },
  );
  registerOnly = await buildJobSearchReport(database.db, NOW);
  // Eight open real jobs; a closed one, two demo listings, the same vacancy from a second source and a
  // job moderation took down, which the report must leave out.
  const [first] = await insertJobs(3, { sponsorship: "likely", band: "general" });
  await insertJobs(1, { sponsorship: "likely", band: "general", duplicateOf: first });
  await insertJobs(1, { sponsorship: "unlikely", band: "none", hidden: true });
  await insertJobs(1, { sponsorship: "new-entrant", band: "new-entrant" });
  await insertJobs(1, { sponsorship: "licensed-only", band: "none" });
  await insertJobs(2, { sponsorship: "unlikely", band: "below-new-entrant" });
  await insertJobs(1, { sponsorship: "unknown", band: "none" });
  await insertJobs(1, { sponsorship: "likely", band: "general", open: false });
  await insertJobs(2, { sponsorship: "likely", band: "general", demo: true });
  report = await buildJobSearchReport(database.db, NOW);
});
afterAll(() => database?.close());

const chart = (charts: ReportChart[] | undefined, id: string) => {
  const found = charts?.find((c) => c.id === id);
  if (!found) throw new Error(`no chart ${id}`);
  return found;
};

describe("before anything is imported", () => {
  it("has no register and no jobs, and says when it was computed", () => {
    expect(empty.register).toBeNull();
    expect(empty.jobs).toMatchObject({ open: 0, demoLeftOut: 0, charts: [] });
    expect(empty.computedAt).toBe("2026-11-25T12:00:00.000Z");
    expect(empty.computedOn).toBe("2026-11-25");
  });

  it("draws no job chart while the register is in but no job is open", () => {
    expect(registerOnly.register?.organisations).toBe(7);
    expect(registerOnly.jobs.open).toBe(0);
    expect(registerOnly.jobs.charts).toEqual([]);
  });
});

describe("the register", () => {
  it("names the import it comes from and counts its lines, organisations, routes and places", () => {
    expect(report.register).toMatchObject({
      registerDate: "2026-11-20",
      source: "register-2026-11-20.csv",
      rows: 9,
      organisations: 7,
      routes: 6,
      towns: 3,
      townNotGiven: 1,
      countyGiven: 2,
    });
  });

  it("counts organisations by route, each once on every route it holds, busiest first", () => {
    const byRoute = chart(report.register?.charts, "by-route");
    expect(byRoute.table.columns).toEqual(["Route", "Organisations", "Share of all organisations (%)"]);
    expect(byRoute.table.rows).toEqual([
      // Alpha, Beta, Gamma and Epsilon: 4 of 7.
      ["Skilled Worker", 4, 57.1],
      ["Charity Worker", 1, 14.3],
      ["Creative Worker", 1, 14.3],
      ["Global Business Mobility: Senior or Specialist Worker", 1, 14.3],
      ["Global Business Mobility: UK Expansion Worker", 1, 14.3],
      ["Intra-company Routes", 1, 14.3],
    ]);
    // The chart draws exactly the table's figures.
    expect(byRoute.chart.categories).toEqual(byRoute.table.rows.map((r) => r[0]));
    expect(byRoute.chart.series).toEqual([{ name: "Organisations", values: byRoute.table.rows.map((r) => r[1]) }]);
  });

  it("counts organisations by type and rating as the register writes them, an organisation once for each it holds", () => {
    const byRating = chart(report.register?.charts, "by-rating");
    expect(byRating.table.rows).toEqual([
      // Alpha (on two routes, counted once), Delta and Epsilon.
      ["Worker (A rating)", 3, 42.9],
      ["Worker (A (Premium))", 1, 14.3],
      ["Worker (B rating)", 1, 14.3],
      ["Worker (UK Expansion Worker: Provisional)", 1, 14.3],
      ["Temporary Worker (A rating)", 1, 14.3],
      ["Temporary Worker (A (SME+))", 1, 14.3],
    ]);
  });

  it("counts organisations by town, spellings of one town together under the commonest", () => {
    const byTown = chart(report.register?.charts, "by-town");
    expect(byTown.table.rows).toEqual([
      ["London", 3, 42.9],
      ["Leeds", 2, 28.6],
      ["Cardiff", 1, 14.3],
    ]);
  });

  it("gives shares to one decimal place, and never a share of a real count as 0", () => {
    expect(percentOf(4, 7)).toBe(57.1);
    expect(percentOf(7, 38_365)).toBe("less than 0.1");
    expect(percentOf(0, 7)).toBe(0);
    expect(percentOf(0, 0)).toBe(0);
  });

  it("writes a type and rating back in the register's words", () => {
    expect(typeAndRating("Worker", "A")).toBe("Worker (A rating)");
    expect(typeAndRating("Temporary Worker", "B")).toBe("Temporary Worker (B rating)");
    expect(typeAndRating("Worker", "A (SME+)")).toBe("Worker (A (SME+))");
  });
});

describe("the jobs", () => {
  it("counts open real jobs only, and how many demo listings it left out", () => {
    expect(report.jobs.open).toBe(8);
    expect(report.jobs.demoLeftOut).toBe(2);
  });

  it("counts open jobs by sponsorship status, every status listed", () => {
    const bySponsorship = chart(report.jobs.charts, "jobs-by-sponsorship");
    expect(bySponsorship.table.columns).toEqual(["Sponsorship status", "Open jobs", "Share of open jobs (%)"]);
    expect(bySponsorship.table.rows).toEqual([
      ["Likely eligible for sponsorship", 3, 37.5],
      ["Eligible at the new-entrant rate", 1, 12.5],
      ["Licensed sponsor; this job falls short or cannot be judged", 1, 12.5],
      ["Unlikely to be sponsored", 2, 25],
      ["Sponsorship not known", 1, 12.5],
    ]);
  });

  it("counts open jobs by salary band, labelled with the thresholds of today's rules", async () => {
    const rules = (await ruleSetFor("2026-11-25"))!;
    const pounds = (n: number) => `£${n.toLocaleString("en-GB")}`;
    expect(report.jobs.thresholds).toEqual({
      general: rules.generalThreshold,
      newEntrant: rules.lowerThresholds.newEntrant,
      from: rules.effectiveFrom,
      title: rules.title,
      url: rules.source.url,
    });
    const bySalary = chart(report.jobs.charts, "jobs-by-salary");
    expect(bySalary.table.rows).toEqual([
      [`Below ${pounds(rules.lowerThresholds.newEntrant)} (under the new-entrant threshold)`, 2, 25],
      [
        `${pounds(rules.lowerThresholds.newEntrant)} to ${pounds(rules.generalThreshold - 1)} (new entrants only)`,
        1,
        12.5,
      ],
      [`${pounds(rules.generalThreshold)} or more (the general threshold)`, 3, 37.5],
      ["No salary in pounds to compare", 2, 25],
    ]);
  });
});
