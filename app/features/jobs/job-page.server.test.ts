import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { jobPostings } from "~/db/schema";
import type { RequestAccess } from "~/features/access/access.server";
import { accessContext } from "~/features/access/context";
import { importRegister } from "~/features/sponsors/import.server";
import { loadOfferCheck } from "~/features/sponsorship/offer-page.server";
import { ruleSetFor } from "~/features/sponsorship/rules";
import { clockContext, configContext } from "~/lib/context";
import type { Config } from "~/lib/env.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readFeed } from "./feed";
import { importJobs, jobSlug } from "./import.server";
import { loadJobPage } from "./job-page.server";

// 1243 managers in logistics: Table 1a, eligible only through HC 997's Temporary Shortage List (for
// certificates issued before 31 December 2026); 2134 programmers: Table 1. The notice starts on
// 1 December 2026 (the rule data's noticeFrom), by the clock of the request.
const LAST_DAY_WITHOUT = new Date("2026-11-30T23:30:00Z");
const FIRST_DAY_WITH = new Date("2026-12-01T00:30:00Z");
const STATEMENTS = "https://www.gov.uk/government/collections/immigration-rules-statement-of-changes";

let database: Database;
const JOBS = [
  { id: "tsl", title: "Logistics manager", soc: "1243", employer: "Harbour Freight Ltd" },
  { id: "dev", title: "Software developer", soc: "2134", employer: "Harbour Freight Ltd" },
];
beforeAll(async () => {
  database = await createTestDatabase();
  const register =
    "Organisation Name,Town/City,County,Type & Rating,Route\nHarbour Freight Limited,Hull,,Worker (A rating),Skilled Worker\n";
  await importRegister(
    database.db,
    (async function* () {
      yield register;
    })(),
    { registerDate: "2026-11-01", source: "fixture" },
  );
  const lines = JOBS.map((j) =>
    JSON.stringify({
      ...j,
      type: "full-time",
      salary: "£56,000 per annum",
      hours_per_week: 37.5,
      description: "Run things.",
      apply_email: "jobs@example.test",
      posted_at: "2026-11-20",
    }),
  );
  const feed = await readFeed(
    (async function* () {
      yield lines.join("\n");
    })(),
    "jsonl",
  );
  const imported = await importJobs(database.db, feed, {
    source: "notice",
    now: new Date("2026-11-20T09:00:00Z"),
    today: "2026-11-20",
    rules: (await ruleSetFor("2026-11-20"))!,
  });
  expect(imported.ok).toBe(true);
});
afterAll(() => database?.close());

function context(at: Date) {
  const c = new RouterContextProvider();
  c.set(dbContext, database.db);
  c.set(clockContext, () => at);
  c.set(configContext, { PORT: 3000 } as Config);
  c.set(accessContext, { user: null, microsite: null } as unknown as RequestAccess);
  return c;
}

async function jobPage(id: string, at: Date) {
  const job = JOBS.find((j) => j.id === id)!;
  return loadJobPage(jobSlug("notice", job), context(at));
}

async function offerCheck(query: string, at: Date) {
  return (await loadOfferCheck(new URL(`http://localhost/check-a-job-offer?${query}`), context(at))).data;
}

describe("the Temporary Shortage List's notice with a verdict", () => {
  it("shows on the page of a Table 1a job judged through the list from 1 December 2026, linking the statements of changes", async () => {
    expect((await jobPage("tsl", LAST_DAY_WITHOUT)).notice).toBeNull();
    const page = await jobPage("tsl", FIRST_DAY_WITH);
    expect(page.job.sponsorship).toMatchObject({
      status: "likely",
      reasons: expect.arrayContaining([expect.stringContaining("through the Temporary Shortage List")]),
    });
    expect(page.notice).toMatchObject({
      text: expect.stringContaining("covers only certificates of sponsorship issued before 31 December 2026"),
      link: { url: STATEMENTS },
    });
    expect((await jobPage("dev", FIRST_DAY_WITH)).notice).toBeNull();
  });

  it("shows in the offer checker's result for such an occupation from the same day, whatever the certificate's date", async () => {
    expect((await offerCheck("soc=1243&salary=56000", LAST_DAY_WITHOUT)).notice).toBeNull();
    const checked = await offerCheck("soc=1243&salary=56000", FIRST_DAY_WITH);
    expect(checked.result).toMatchObject({ eligible: true, occupation: { table: "1a", eligible: true } });
    expect(checked.notice?.link.url).toBe(STATEMENTS);
    // A certificate after the list ends: not eligible, and the notice says why.
    const late = await offerCheck("soc=1243&salary=56000&cosDate=2027-01-04", FIRST_DAY_WITH);
    expect(late.result).toMatchObject({ eligible: false, occupation: { eligible: false } });
    expect(late.notice?.text).toContain("From that day it no longer makes this occupation eligible");
    expect((await offerCheck("soc=2134&salary=56000", FIRST_DAY_WITH)).notice).toBeNull();
  });
});

describe("a duplicate's page", () => {
  it("leads to the one listing of its vacancy, for good, while both are open", async () => {
    const [tsl, dev] = await Promise.all(
      JOBS.map(
        async (j) =>
          (
            await database.db
              .select()
              .from(jobPostings)
              .where(eq(jobPostings.slug, jobSlug("notice", j)))
          )[0]!,
      ),
    );
    await database.db.update(jobPostings).set({ duplicateOf: tsl!.id }).where(eq(jobPostings.id, dev!.id));
    const answer = await jobPage("dev", FIRST_DAY_WITH).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(301);
    expect((answer as Response).headers.get("Location")).toBe(`/jobs/${tsl!.slug}`);
    // Once the listing closes, the copy's own page shows again.
    await database.db.update(jobPostings).set({ status: "closed" }).where(eq(jobPostings.id, tsl!.id));
    expect((await jobPage("dev", FIRST_DAY_WITH)).job.title).toBe("Software developer");
  });
});
