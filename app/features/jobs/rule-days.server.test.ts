import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { JobRunner } from "~/db/jobs.server";
import { jobPostings, jobs } from "~/db/schema";
import { importRegister } from "~/features/sponsors/import.server";
import { ruleSetFor } from "~/features/sponsorship/rules";
import { manualClock } from "../../../tests/support/clock";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";
import { RULE_DAY_RECOMPUTE_JOB, ruleDayStarts, startRuleDayRecompute } from "./rule-days.server";

// HC 997's Temporary Shortage List covers certificates issued before 31 December 2026: 30 December is
// the last day it makes 1243 (managers in logistics, Table 1a) eligible, 31 December the first it does
// not. 2134 (programmers, Table 1) is eligible on both days.
const LAST_DAY = "2026-12-30";
const DAY_AFTER_STARTS = new Date("2026-12-31T00:00:00Z"); // Midnight in London: GMT in winter.

let database: Database;
const job = async (id: string) =>
  (
    await database.db
      .select()
      .from(jobPostings)
      .where(and(eq(jobPostings.source, "board"), eq(jobPostings.externalId, id)))
  )[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  const register =
    "Organisation Name,Town/City,County,Type & Rating,Route\nHarbour Freight Limited,Hull,,Worker (A rating),Skilled Worker\n";
  await importRegister(
    database.db,
    (async function* () {
      yield register;
    })(),
    { registerDate: "2026-12-01", source: "fixture" },
  );
  const lines = [
    { id: "logistics", title: "Logistics manager", soc: "1243" },
    { id: "developer", title: "Software developer", soc: "2134" },
  ].map((j) =>
    JSON.stringify({
      ...j,
      employer: "Harbour Freight Ltd",
      type: "full-time",
      salary: "£56,000 per annum",
      hours_per_week: 37.5,
      description: "Run things.",
      apply_email: "jobs@example.test",
      posted_at: "2026-12-20",
    }),
  );
  const feed = await readFeed(
    (async function* () {
      yield lines.join("\n");
    })(),
    "jsonl",
  );
  const imported = await importJobs(database.db, feed, {
    source: "board",
    now: new Date(`${LAST_DAY}T09:00:00Z`),
    today: LAST_DAY,
    rules: (await ruleSetFor(LAST_DAY))!,
  });
  expect(imported.ok).toBe(true);
});
afterAll(() => database?.close());

describe("the rule days", () => {
  it("are the rule data's dates, at midnight in London", async () => {
    const starts = (await ruleDayStarts()).map((d) => d.toISOString());
    expect(starts).toContain("2025-07-21T23:00:00.000Z"); // HC 997 from 22 July 2025 (BST)
    expect(starts).toContain(DAY_AFTER_STARTS.toISOString()); // the Temporary Shortage List's end
    expect(starts).toContain("2028-07-21T23:00:00.000Z"); // care workers leave the Immigration Salary List
    expect(starts).toEqual([...starts].sort());
  });
});

describe("judging the open jobs again on a rule day", () => {
  it("changes a Table 1a job's verdict at the start of the day the Temporary Shortage List no longer covers, through one queued job", async () => {
    expect(await job("logistics")).toMatchObject({ sponsorshipStatus: "likely" });
    const clock = manualClock(new Date(`${LAST_DAY}T12:00:00Z`));
    // Two instances start on the list's last day.
    const runners = [new JobRunner(database.db, clock), new JobRunner(database.db, clock)];
    for (const runner of runners) startRuleDayRecompute(database.db, clock, runner);
    for (const runner of runners) expect(await runner.runDue()).toBe(0);
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, RULE_DAY_RECOMPUTE_JOB));
    expect(queued.filter((q) => q.runAt.getTime() === DAY_AFTER_STARTS.getTime())).toHaveLength(1);

    // The last minute of the last day: nothing yet.
    clock.advance(DAY_AFTER_STARTS.getTime() - 60_000 - clock().getTime());
    for (const runner of runners) expect(await runner.runDue()).toBe(0);
    expect(await job("logistics")).toMatchObject({ sponsorshipStatus: "likely" });

    // Midnight: one instance runs it, once.
    clock.advance(60_000);
    expect((await runners[0]!.runDue()) + (await runners[1]!.runDue())).toBe(1);
    const logistics = await job("logistics");
    expect(logistics).toMatchObject({ sponsorshipStatus: "licensed-only", updatedAt: DAY_AFTER_STARTS });
    expect(logistics.sponsorshipReasons.join(" ")).toContain("is below degree level (Table 1a)");
    expect(await job("developer")).toMatchObject({ sponsorshipStatus: "likely" });
  });
});
