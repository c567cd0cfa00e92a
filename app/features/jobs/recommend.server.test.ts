import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { importRegister } from "~/features/sponsors/import.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";
import { recommendedJobs } from "./recommend.server";
import { topSponsoringEmployers } from "./top-employers.server";

const NOW = new Date("2026-11-23T12:00:00Z");
const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
const base = { description: "A job.", apply_email: "jobs@example.test", employer: "Acme Software Ltd" };
let database: Database;
let rules: RuleSet;
beforeAll(async () => {
  database = await createTestDatabase();
  rules = (await ruleSetFor("2026-11-23"))!;
  await importRegister(
    database.db,
    (async function* () {
      yield "Organisation Name,Town/City,County,Type & Rating,Route\nAcme Software Limited,London,,Worker (A rating),Skilled Worker\n";
    })(),
    { registerDate: "2026-06-25", source: "fixture" },
  );
  const feed = await readFeed(
    (async function* () {
      yield [
        {
          ...base,
          id: "1",
          title: "Software developer",
          town: "London",
          region: "London",
          type: "full-time",
          soc: "2134",
          salary: "£56,000 per annum",
          posted_at: days(3),
        },
        {
          ...base,
          id: "2",
          title: "Graduate analyst",
          town: "Leeds",
          region: "Yorkshire and the Humber",
          type: "graduate-scheme",
          soc: "2134",
          salary: "£20,000 per annum",
          posted_at: days(1),
        },
        {
          ...base,
          id: "3",
          title: "Barista",
          employer: "Bean Co",
          town: "Leeds",
          region: "Yorkshire and the Humber",
          type: "part-time",
          salary: "£12.50 per hour",
          hours_per_week: 20,
          posted_at: days(2),
        },
      ]
        .map((j) => JSON.stringify(j))
        .join("\n");
    })(),
    "jsonl",
  );
  expect((await importJobs(database.db, feed, { source: "test", now: NOW, today: "2026-11-23", rules })).ok).toBe(true);
});
afterAll(() => database?.close());

describe("recommendedJobs", () => {
  it("ranks by place, sponsorship and kind of job, and says why in one line", async () => {
    const picks = await recommendedJobs(
      database.db,
      { locations: ["london"], jobTypes: ["graduate-scheme"], sectors: [], stage: null, needsSponsorship: true },
      NOW,
      rules.occupations,
      { limit: 2 },
    );
    // London (3) and likely sponsorship (3) outrank a graduate scheme (2) at a licensed employer (1).
    expect(picks.map((p) => p.job.title)).toEqual(["Software developer", "Graduate analyst"]);
    expect(picks[0]!.why).toBe("Recommended: in London, likely to qualify for Skilled Worker sponsorship.");
    expect(picks[1]!.why).toMatch(/^Recommended: a graduate scheme, /);
  });

  it("counts a job in a sector the student named, by its occupation", async () => {
    const [pick] = await recommendedJobs(
      database.db,
      { locations: [], jobTypes: [], sectors: ["data-technology"], stage: null, needsSponsorship: false },
      NOW,
      rules.occupations,
      { limit: 1 },
    );
    // SOC 2134 (programmers and software developers) is in minor group 213, information technology professionals: the newest of the two is the graduate analyst.
    expect(pick).toMatchObject({ job: { title: "Graduate analyst" }, why: "Recommended: in data and technology." });
  });

  it("counts the kinds of job that suit the student's stage of study", async () => {
    const [graduating] = await recommendedJobs(
      database.db,
      { locations: [], jobTypes: [], sectors: [], stage: "graduating", needsSponsorship: false },
      NOW,
      rules.occupations,
      { limit: 1 },
    );
    expect(graduating).toMatchObject({
      job: { title: "Graduate analyst" },
      why: "Recommended: a graduate scheme for a student finishing this year.",
    });
    const [studying] = await recommendedJobs(
      database.db,
      { locations: [], jobTypes: [], sectors: [], stage: "studying", needsSponsorship: false },
      NOW,
      rules.occupations,
      { limit: 1 },
    );
    expect(studying).toMatchObject({
      job: { title: "Barista" },
      why: "Recommended: a part-time job for a student with time before graduating.",
    });
  });

  it("offers the newest jobs, saying so, when nothing fits", async () => {
    const picks = await recommendedJobs(
      database.db,
      { locations: [], jobTypes: [], sectors: [], stage: null, needsSponsorship: false },
      NOW,
      rules.occupations,
      { limit: 2 },
    );
    expect(picks.map((p) => [p.job.title, p.why])).toEqual([
      ["Graduate analyst", "One of the newest jobs."],
      ["Barista", "One of the newest jobs."],
    ]);
  });
});

describe("topSponsoringEmployers", () => {
  it("ranks the licensed employers by their open jobs likely to be sponsored, with their licence", async () => {
    const top = await topSponsoringEmployers(database.db, "2026-11-23");
    // Acme: the software developer (likely) of its two jobs; Bean Co holds no licence.
    expect(top).toEqual([
      {
        slug: expect.any(String),
        name: "Acme Software Limited",
        town: "London",
        licences: [expect.objectContaining({ route: "Skilled Worker" })],
        eligibleJobs: 1,
        openJobs: 2,
        sampleJob: expect.stringMatching(/^software-developer-/),
      },
    ]);
  });
});
