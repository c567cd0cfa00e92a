import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { employerOrganisations, jobPostings, sponsorOrganisations } from "~/db/schema";
import { importRegister } from "~/features/sponsors/import.server";
import { employerStanding } from "~/features/sponsorship/employer.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";
import { employerStandings, recomputeSponsorship } from "./recompute.server";

const HEADER = "Organisation Name,Town/City,County,Type & Rating,Route";
const ACME = "Acme Software Limited,London,,Worker (A rating),Skilled Worker";
const BRIGHT = "Bright Media Ltd,Manchester,,Worker (A rating),Skilled Worker";

const TODAY = "2026-11-23";
const IMPORTED = new Date("2026-11-23T09:00:00Z");
const LATER = new Date("2026-11-23T15:00:00Z");

let database: Database;
let rules: RuleSet;

async function* once(text: string) {
  yield text;
}
const register = (date: string, ...lines: string[]) =>
  importRegister(database.db, once([HEADER, ...lines, ""].join("\n")), { registerDate: date, source: "fixture" });
const JOB = {
  type: "full-time",
  soc: "2134",
  salary: "£56,000 per annum",
  hours_per_week: 37.5,
  description: "Build things.",
  apply_email: "jobs@example.test",
  posted_at: "2026-11-20",
};
const importFeed = async (source: string, jobs: Record<string, unknown>[]) => {
  const feed = await readFeed(once(jobs.map((j) => JSON.stringify({ ...JOB, ...j })).join("\n")), "jsonl");
  const outcome = await importJobs(database.db, feed, { source, now: IMPORTED, today: TODAY, rules });
  expect(outcome.ok).toBe(true);
};
const job = async (source: string, id: string) =>
  (
    await database.db
      .select()
      .from(jobPostings)
      .where(and(eq(jobPostings.source, source), eq(jobPostings.externalId, id)))
  )[0]!;
const recompute = (at: Date, ruleSet = rules) =>
  recomputeSponsorship(database.db, { now: at, today: TODAY, rules: ruleSet });

beforeAll(async () => {
  database = await createTestDatabase();
  rules = (await ruleSetFor(TODAY))!;
  await register("2026-06-01", ACME);
  await importFeed("board", [
    { id: "acme", title: "Software developer", employer: "Acme Software Ltd" },
    { id: "bright", title: "Web developer", employer: "Bright Media Ltd" },
  ]);
  // A job that closed while Bright Media was off the register keeps the verdict it closed with.
  await importFeed("old-board", [{ id: "gone", title: "Designer", employer: "Bright Media Ltd" }]);
  await importJobs(
    database.db,
    { records: [], problems: [] },
    { source: "old-board", now: IMPORTED, today: TODAY, rules },
  );
});
afterAll(() => database?.close());

describe("recomputeSponsorship", () => {
  it("finds nothing to change right after an import under the same rules and register", async () => {
    const summary = await recompute(LATER);
    expect(summary).toMatchObject({ checked: 2, changed: 0 });
    expect(summary.byStatus).toMatchObject({ likely: 1, unlikely: 1 });
  });

  it("licenses a job whose employer joins the register, and leaves the others as they were", async () => {
    expect(await job("board", "bright")).toMatchObject({ sponsorshipStatus: "unlikely", sponsorSlug: null });
    await register("2026-06-26", ACME, BRIGHT);

    const summary = await recompute(LATER);

    expect(summary).toMatchObject({ checked: 2, changed: 1 });
    expect(summary.byStatus).toMatchObject({ likely: 2, unlikely: 0 });
    const bright = await job("board", "bright");
    expect(bright).toMatchObject({
      sponsorshipStatus: "likely",
      sponsorSlug: expect.stringContaining("bright-media"),
      updatedAt: LATER,
    });
    expect(bright.sponsorshipReasons.join(" ")).not.toMatch(/not on the register/);
    // Unchanged: not rewritten, so its time is still the import's.
    expect(await job("board", "acme")).toMatchObject({ sponsorshipStatus: "likely", updatedAt: IMPORTED });
    expect(await job("old-board", "gone")).toMatchObject({
      status: "closed",
      sponsorshipStatus: "unlikely",
      sponsorSlug: null,
      updatedAt: IMPORTED,
    });
  });

  it("makes a job unlikely when its employer leaves the register", async () => {
    await register("2026-07-03", BRIGHT);
    const at = new Date("2026-11-23T16:00:00Z");
    expect(await recompute(at)).toMatchObject({ checked: 2, changed: 1 });
    const acme = await job("board", "acme");
    expect(acme).toMatchObject({ sponsorshipStatus: "unlikely", sponsorSlug: null, updatedAt: at });
    expect(acme.sponsorshipReasons.join(" ")).toContain(
      "Acme Software Ltd is not on the register of licensed sponsors",
    );
  });

  it("writes every open job under a new rule set, and judges them by it", async () => {
    await register("2026-07-10", ACME, BRIGHT);
    await recompute(LATER);
    // £56,000 is above the going rate for 2134 (£54,700) but below a general threshold of £60,000; a
    // new entrant needs 70% of the going rate and £33,400, which it meets.
    const next: RuleSet = { ...rules, version: "HC 1 (test)", generalThreshold: 60_000 };
    const at = new Date("2026-11-23T17:00:00Z");
    expect(await recompute(at, next)).toMatchObject({ checked: 2, changed: 2, byStatus: { "new-entrant": 2 } });
    expect(await job("board", "acme")).toMatchObject({
      sponsorshipStatus: "new-entrant",
      sponsorshipRules: "HC 1 (test)",
      updatedAt: at,
    });
    expect(await job("old-board", "gone")).toMatchObject({ sponsorshipRules: "HC 997", updatedAt: IMPORTED });
  });
});

describe("employerStandings", () => {
  it("matches a batch of names as employerStanding matches each one", async () => {
    await register(
      "2026-08-01",
      "Acme Software Limited,London,,Worker (A rating),Skilled Worker",
      "Acme Software Limited,Leeds,,Worker (B rating),Skilled Worker",
      "Northwind Holdings Ltd T/A Northwind Coffee,Bristol,,Worker (A rating),Skilled Worker",
      "The Acme Group,York,,Temporary Worker (A rating),Creative Worker",
      "PricewaterhouseCoopers LLP,London,,Worker (A rating),Skilled Worker",
    );
    const names = [
      "Acme Software Limited",
      "ACME SOFTWARE LTD.",
      "acme software",
      "Northwind Coffee",
      "Northwind Holdings",
      "Acme Group",
      "PwC",
      "Acme",
      "Nobody Ltd",
      "!!!",
    ];
    const batch = await employerStandings(database.db, names);
    for (const name of names) expect(batch.get(name), name).toEqual(await employerStanding(database.db, name));
    // The batch is not vacuous: firm matches are found, near ones are not.
    expect([...batch.values()].filter((s) => s.licensed).map((s) => s.name)).toEqual(
      expect.arrayContaining([
        "Acme Software Limited",
        "Northwind Holdings Ltd T/A Northwind Coffee",
        "The Acme Group",
        "PricewaterhouseCoopers LLP",
      ]),
    );
    expect(batch.get("Acme")!.licensed).toBe(false);
  });
});

describe("an employer organisation's jobs", () => {
  it("are judged on the register entry the organisation chose, not on a match of its name", async () => {
    await register("2026-09-01", ACME);
    const [entry] = await database.db
      .select({ orgKey: sponsorOrganisations.orgKey, slug: sponsorOrganisations.slug })
      .from(sponsorOrganisations)
      .where(eq(sponsorOrganisations.name, "Acme Software Limited"));
    const [organisation] = await database.db
      .insert(employerOrganisations)
      .values({
        name: "Zeta Apps",
        website: "https://zeta-apps.test",
        websiteDomain: "zeta-apps.test",
        registerOrgKey: entry!.orgKey,
        verifiedAt: IMPORTED,
        verification: "staff",
      })
      .returning({ id: employerOrganisations.id });
    await database.db.insert(jobPostings).values({
      slug: "zeta-developer",
      source: "employer",
      externalId: "z-1",
      title: "Software developer",
      employerName: "Zeta Apps",
      employerOrganisationId: organisation!.id,
      type: "full-time",
      socCode: "2134",
      salaryMin: 56_000,
      salaryPeriod: "year",
      salaryCurrency: "GBP",
      hoursPerWeek: 37.5,
      descriptionMarkdown: "",
      descriptionHtml: "",
      postedAt: IMPORTED,
    });
    await recompute(LATER);
    expect(await job("employer", "z-1")).toMatchObject({ sponsorshipStatus: "likely", sponsorSlug: entry!.slug });

    // The register drops the entry: the organisation's jobs are no longer a licensed sponsor's.
    await register("2026-09-08", BRIGHT);
    await recompute(new Date("2026-11-23T18:00:00Z"));
    const dropped = await job("employer", "z-1");
    expect(dropped).toMatchObject({ sponsorshipStatus: "unlikely", sponsorSlug: null });
    expect(dropped.sponsorshipReasons.join(" ")).toContain("Zeta Apps is not on the register of licensed sponsors");
  });
});
