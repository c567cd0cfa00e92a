import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { importRegister } from "~/features/sponsors/import.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { eligibilityApiAnswer } from "./api.server";

const REGISTER = `Organisation Name,Town/City,County,Type & Rating,Route
Acme Software Limited,London,,Worker (A rating),Skilled Worker
Northern Care Limited,York,,Worker (B rating),Skilled Worker
Café Rouge Ltd,London,,Temporary Worker (A (SME+)),Creative Worker
`;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await importRegister(
    database.db,
    (async function* () {
      yield REGISTER;
    })(),
    { registerDate: "2026-06-25", source: "fixture" },
  );
});
afterAll(() => database?.close());

const TODAY = "2026-11-23";
const ask = (body: unknown) => eligibilityApiAnswer(database.db, body, TODAY);
const EXAMPLE = { soc: "2134", salary: 56_000, salaryPeriod: "year", hoursPerWeek: 37.5 };

describe("POST /api/sponsorship-eligibility", () => {
  it("answers the issue's example in the documented shape", async () => {
    const { status, body } = await ask({ ...EXAMPLE, employer: "Acme Software Ltd" });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: true,
      eligible: true,
      option: "A",
      salaryOption: "A",
      threshold: 54_700,
      goingRate: 54_700,
      generalThreshold: 41_700,
      occupation: {
        code: "2134",
        title: "Programmers and software development professionals",
        table: "1",
        eligible: true,
      },
      employer: { name: "Acme Software Limited", licensed: true, skilledWorker: true, rating: "A" },
      reasons: [
        "The occupation (SOC 2134, programmers and software development professionals) is eligible (Table 1).",
        "The employer holds a Skilled Worker licence (A rating).",
        "The salary £56,000 meets the going rate of £54,700 for 37.5 hours a week (option A).",
      ],
      rules: {
        version: "HC 997",
        effectiveFrom: "2025-07-22",
        source: expect.stringMatching(/^https:\/\/assets\.publishing\.service\.gov\.uk\/.+HC_997/),
      },
    });
  });

  it("takes defaults: a year's salary, 37.5 hours, today's certificate, no PhD, not a new entrant, no employer", async () => {
    expect((await ask({ soc: "2134", salary: 54_700 })).body).toMatchObject({
      eligible: true,
      option: "A",
      employer: null,
    });
  });

  it("makes a named employer off the register, or without an A-rated Skilled Worker licence, ineligible", async () => {
    expect((await ask({ ...EXAMPLE, employer: "Nowhere Holdings" })).body).toMatchObject({
      eligible: false,
      // Never an option with eligible false: what the salary alone meets is its own field (issue 27).
      option: null,
      salaryOption: "A",
      employer: { name: "Nowhere Holdings", licensed: false, skilledWorker: false, rating: null },
    });
    expect((await ask({ ...EXAMPLE, employer: "Northern Care" })).body).toMatchObject({
      eligible: false,
      employer: { licensed: true, skilledWorker: true, rating: "B" },
    });
    expect((await ask({ ...EXAMPLE, employer: "Cafe Rouge" })).body).toMatchObject({
      eligible: false,
      employer: { licensed: true, skilledWorker: false },
    });
  });

  it("answers 400 naming each bad field", async () => {
    const fields = async (body: unknown) => {
      const answer = await ask(body);
      expect(answer.status).toBe(400);
      return (answer.body as { errors: { field: string | null }[] }).errors.map((e) => e.field);
    };
    expect(await fields({ ...EXAMPLE, soc: "0000" })).toEqual(["soc"]);
    expect(await fields({ ...EXAMPLE, soc: 2134 })).toEqual(["soc"]);
    expect(await fields({ ...EXAMPLE, salary: -5 })).toEqual(["salary"]);
    expect(await fields({ ...EXAMPLE, salary: 56_000, salaryPeriod: "hour" })).toEqual(["salary"]);
    expect(await fields({ ...EXAMPLE, hoursPerWeek: 0 })).toEqual(["hoursPerWeek"]);
    expect(await fields({ ...EXAMPLE, hoursPerWeek: 168 })).toEqual(["hoursPerWeek"]);
    expect(await fields({ ...EXAMPLE, cosDate: "2026-02-30" })).toEqual(["cosDate"]);
    expect((await fields({ ...EXAMPLE, phd: "yes", newEntrant: "no" })).sort()).toEqual(["newEntrant", "phd"]);
    expect(await fields({ ...EXAMPLE, salaryPeriod: "month" })).toEqual(["salaryPeriod"]);
    expect(await fields({ ...EXAMPLE, bonus: 5_000 })).toEqual(["bonus"]);
    expect(await fields([EXAMPLE])).toEqual([null]);
  });

  it("says which dates its rules cover rather than guess for an earlier certificate", async () => {
    const answer = await ask({ ...EXAMPLE, cosDate: "2025-07-21" });
    expect(answer).toMatchObject({
      status: 400,
      body: { errors: [{ field: "cosDate", reason: expect.stringContaining("from 2025-07-22") }] },
    });
    expect((await ask({ ...EXAMPLE, cosDate: "2025-07-22" })).status).toBe(200);
  });
});
