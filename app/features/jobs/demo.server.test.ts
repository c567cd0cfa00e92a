import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { importRegister } from "~/features/sponsors/import.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  SOC_UNIT_GROUPS_FILE,
  type SocUnitGroup,
  demoEmployers,
  demoJobPostings,
  insertDemoJobsIfNone,
  readSocUnitGroups,
} from "./demo.server";

const REGISTER = `Organisation Name,Town/City,County,Type & Rating,Route
Acme Software Limited,London,,Worker (A rating),Skilled Worker
Northern Care Limited,York,North Yorkshire,Worker (A rating),Skilled Worker
Harbour Engineering Ltd,Bristol,,Worker (A rating),Skilled Worker
Seasonal Farms Ltd,Hereford,,Temporary Worker (A rating),Seasonal Worker
`;
const NOW = new Date("2026-11-23T12:00:00Z");

let database: Database;
let rules: RuleSet;
let groups: SocUnitGroup[];
beforeAll(async () => {
  database = await createTestDatabase();
  rules = (await ruleSetFor("2026-11-23"))!;
  groups = await readSocUnitGroups(path.resolve(import.meta.dirname, "../../..", SOC_UNIT_GROUPS_FILE));
  await importRegister(
    database.db,
    (async function* () {
      yield REGISTER;
    })(),
    { registerDate: "2026-06-25", source: "fixture" },
  );
});
afterAll(() => database?.close());

describe("demo jobs", () => {
  it("reads the SOC 2020 unit groups with their tasks and example titles", () => {
    expect(groups).toHaveLength(412);
    const programmers = groups.find((g) => g.code === "2134")!;
    expect(programmers.exampleTitles).toContain("Software engineer");
    expect(programmers.tasks[0]).toBe(
      "examines existing software and determines requirements for new/modified systems in the light of business needs",
    );
  });

  it("are the same for the same seed and day, and say they are demos", async () => {
    const employers = await demoEmployers(database.db);
    const make = () => demoJobPostings({ groups, employers, rules }, { count: 300, now: NOW, today: "2026-11-23" });
    const jobs = make();
    expect(make()).toEqual(jobs);
    expect(jobs).toHaveLength(300);
    for (const job of jobs) {
      expect(job.demo).toBe(true);
      expect(job.descriptionMarkdown).toMatch(
        /^\*A demo listing generated from public data .*it is not a real vacancy\.\*/,
      );
      expect(employers.map((e) => e.name)).toContain(job.employerName);
      expect(job.postedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(job.postedAt.getTime()).toBeGreaterThan(NOW.getTime() - 46 * 86_400_000);
      if (job.salaryMin !== null) expect(job.salaryMax).toBeGreaterThanOrEqual(job.salaryMin);
      if (job.salaryPeriod === "hour") expect(job.salaryMin).toBeGreaterThanOrEqual(12.21);
    }
    const share = (test: (j: (typeof jobs)[number]) => boolean) => jobs.filter(test).length / jobs.length;
    // A mix like the market's: most full-time, some of every other kind, some remote, some closed, every verdict.
    expect(share((j) => j.type === "full-time")).toBeGreaterThan(0.45);
    for (const type of ["part-time", "internship", "graduate-scheme"])
      expect(
        share((j) => j.type === type),
        type,
      ).toBeGreaterThan(0.02);
    expect(share((j) => j.workArrangement === "remote")).toBeGreaterThan(0.03);
    expect(share((j) => j.status === "closed")).toBeGreaterThan(0.02);
    expect(new Set(jobs.map((j) => j.sponsorshipStatus))).toEqual(
      new Set(["likely", "new-entrant", "licensed-only", "unlikely"]),
    );
  });

  it("are written once", async () => {
    const postings = demoJobPostings(
      { groups, employers: await demoEmployers(database.db), rules },
      { count: 120, now: NOW, today: "2026-11-23" },
    );
    expect(await insertDemoJobsIfNone(database.db, postings)).toBe(120);
    expect(await insertDemoJobsIfNone(database.db, postings)).toBe(0);
    const [row] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from job_postings where demo`);
    expect(row!.n).toBe(120);
  });
});
