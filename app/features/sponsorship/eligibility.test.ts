import { beforeAll, describe, expect, it } from "vitest";
import { type EmployerStanding, type Offer, assessOffer, jobStatus } from "./eligibility";
import { type RuleSet, isoDay, ruleSetFor } from "./rules";

// Figures from HC 997 (data/hc997/): 2134 programmers, going rate £54,700, 90% £49,200, 80% £43,700,
// 70% £38,300, PhD points; 2112 biological scientists, Table 1 and the Immigration Salary List, £40,300;
// 2319 teaching professionals n.e.c., every rate £33,400; 1243 managers in logistics, Table 1a on the
// Temporary Shortage List, £44,900; 1150 retail managers, Table 1a only; 9221 window cleaners, on no list;
// 6131 nursing auxiliaries, on the Immigration Salary List with no going rate in the tables.
let rules: RuleSet;
beforeAll(async () => {
  rules = (await ruleSetFor("2026-11-23"))!;
});

const offer = (o: Partial<Offer> = {}): Offer => ({
  soc: "2134",
  salary: 56_000,
  salaryPeriod: "year",
  hoursPerWeek: 37.5,
  cosDate: "2026-11-23",
  newEntrant: false,
  phd: "none",
  ...o,
});
const assess = (o: Partial<Offer> = {}, employer: EmployerStanding = null) => assessOffer(offer(o), rules, employer);
const LICENSED: EmployerStanding = { name: "Acme Software Ltd", licensed: true, skilledWorker: true, rating: "A" };

describe("the rule sets", () => {
  it("cover certificates from 22 July 2025 and answer none for an earlier date rather than guess", async () => {
    expect((await ruleSetFor("2025-07-22"))?.version).toBe("HC 997");
    expect(await ruleSetFor("2025-07-21")).toBeNull();
  });

  it("hold every SOC 2020 unit group, with HC 997's rates", () => {
    expect(rules.occupations.size).toBe(412);
    expect(rules.occupations.get("2134")).toMatchObject({
      table: "1",
      rates: { full: 54_700, pct90: 49_200, pct80: 43_700, pct70: 38_300 },
      phdPoints: true,
    });
    expect(rules.occupations.get("1243")?.shortageList).toEqual({ jobTypesOnly: null, cosIssuedBefore: "2026-12-31" });
    expect(rules.occupations.get("6135")?.salaryList?.removedOn).toBe("2028-07-22");
  });

  it("read dates as the lists write them", () => {
    expect(isoDay("31 December 2026")).toBe("2026-12-31");
    expect(isoDay("1 July 2025")).toBe("2025-07-01");
    expect(() => isoDay("2026-12-31")).toThrow();
  });
});

describe("option A: the general threshold and the going rate", () => {
  it("passes the issue's example and says why", () => {
    const a = assess({}, LICENSED);
    expect(a).toMatchObject({
      eligible: true,
      option: "A",
      threshold: 54_700,
      goingRate: 54_700,
      generalThreshold: 41_700,
      judged: true,
    });
    expect(a.occupation).toEqual({
      code: "2134",
      title: "Programmers and software development professionals",
      table: "1",
      eligible: true,
    });
    expect(a.reasons).toEqual([
      "The occupation (SOC 2134, programmers and software development professionals) is eligible (Table 1).",
      "The employer holds a Skilled Worker licence (A rating).",
      "The salary £56,000 meets the going rate of £54,700 for 37.5 hours a week (option A).",
    ]);
    expect(a.rules).toEqual({ version: "HC 997", effectiveFrom: "2025-07-22", source: rules.source.url });
  });

  it("passes at the going rate and fails a pound under", () => {
    expect(assess({ salary: 54_700 })).toMatchObject({ eligible: true, option: "A" });
    expect(assess({ salary: 54_699 })).toMatchObject({ eligible: false, option: null, threshold: 54_700 });
  });

  it("needs the general threshold where the going rate is lower", () => {
    expect(assess({ soc: "2319", salary: 41_700 })).toMatchObject({ eligible: true, option: "A", threshold: 41_700 });
    expect(assess({ soc: "2319", salary: 41_699 })).toMatchObject({ eligible: false, threshold: 41_700 });
  });
});

describe("hours", () => {
  it("pro-rate the going rate but never the general threshold", () => {
    // 30 hours: £54,700 × 30 / 37.5 = £43,760.
    expect(assess({ hoursPerWeek: 30, salary: 43_760 })).toMatchObject({
      eligible: true,
      threshold: 43_760,
      goingRate: 43_760,
    });
    expect(assess({ hoursPerWeek: 30, salary: 43_759 })).toMatchObject({ eligible: false });
    // 20 hours: the going rate falls to £29,173.34, the general threshold stays £41,700.
    expect(assess({ hoursPerWeek: 20, salary: 41_700 })).toMatchObject({
      eligible: true,
      threshold: 41_700,
      goingRate: 29_173.34,
    });
    expect(assess({ hoursPerWeek: 20, salary: 41_699 })).toMatchObject({ eligible: false });
  });

  it("count no more than 48 a week", () => {
    // 60 hours for £87,520: the pay of 48 of them is £70,016, which is the going rate for 48 hours.
    const long = assess({ hoursPerWeek: 60, salary: 87_520 });
    expect(long).toMatchObject({ eligible: true, threshold: 70_016, goingRate: 70_016 });
    expect(long.reasons.at(-1)).toContain("only 48 of the 60 hours a week count");
    expect(assess({ hoursPerWeek: 60, salary: 87_519 })).toMatchObject({ eligible: false });
  });

  it("turn an hourly rate into a year at 52 weeks", () => {
    // £28.06 × 37.5 × 52 = £54,717; £28.05 gives £54,697.50, under the £54,700 going rate.
    expect(assess({ salary: 28.06, salaryPeriod: "hour" })).toMatchObject({ eligible: true, option: "A" });
    const under = assess({ salary: 28.05, salaryPeriod: "hour" });
    expect(under.eligible).toBe(false);
    expect(under.reasons).toContain(
      "The salary £28.05 an hour (£54,697.50 a year) is below the going rate: option A needs £54,700 for 37.5 hours a week.",
    );
  });
});

describe("options B to E", () => {
  it("B: a relevant PhD, £37,500 and 90% of the going rate", () => {
    expect(assess({ phd: "relevant", salary: 49_200 })).toMatchObject({
      eligible: true,
      option: "B",
      threshold: 49_200,
    });
    expect(assess({ phd: "relevant", salary: 49_199 })).toMatchObject({ eligible: false });
  });

  it("C: a STEM PhD, £33,400 and 80% of the going rate", () => {
    expect(assess({ phd: "stem", salary: 43_700 })).toMatchObject({ eligible: true, option: "C", threshold: 43_700 });
    expect(assess({ phd: "stem", salary: 43_699 })).toMatchObject({ eligible: false });
  });

  it("D: the Immigration Salary List, £33,400 and the full going rate", () => {
    expect(assess({ soc: "2112", salary: 40_300 })).toMatchObject({ eligible: true, option: "D", threshold: 40_300 });
    expect(assess({ soc: "2112", salary: 40_299 })).toMatchObject({ eligible: false, threshold: 40_300 });
  });

  it("E: a new entrant, £33,400 and 70% of the going rate, and says so", () => {
    const entrant = assess({ newEntrant: true, salary: 38_300 });
    expect(entrant).toMatchObject({ eligible: true, option: "E", threshold: 38_300 });
    expect(entrant.reasons.at(-1)).toBe(
      "It meets only the new-entrant rate: the general threshold of £41,700 and the full going rate of £54,700 apply later.",
    );
    expect(assess({ newEntrant: true, salary: 38_299 })).toMatchObject({ eligible: false });
    expect(assess({ salary: 40_000 }).reasons.at(-1)).toBe(
      "A new entrant (under 26, or switching from a Student or Graduate visa) would qualify at £38,300 (option E).",
    );
  });

  it("never goes below £17.13 an hour, whatever the option says", () => {
    // 2319's rates are all £33,400; the floor at 37.5 hours is £33,403.50.
    expect(assess({ soc: "2319", newEntrant: true, salary: 33_403.5 })).toMatchObject({
      eligible: true,
      option: "E",
      threshold: 33_403.5,
    });
    const under = assess({ soc: "2319", newEntrant: true, salary: 33_403 });
    expect(under).toMatchObject({ eligible: false, threshold: 33_403.5 });
    expect(under.reasons.at(-1)).toContain("is below the floor of £17.13 an hour");
  });
});

describe("occupations", () => {
  it("take Table 1a only through the Temporary Shortage List, for certificates before 31 December 2026", () => {
    expect(assess({ soc: "1243", salary: 45_000, cosDate: "2026-12-30" })).toMatchObject({
      eligible: true,
      option: "A",
      occupation: { table: "1a", eligible: true },
    });
    const late = assess({ soc: "1243", salary: 45_000, cosDate: "2026-12-31" });
    expect(late).toMatchObject({ eligible: false, option: null, occupation: { eligible: false } });
    expect(late.reasons[0]).toContain("below degree level (Table 1a)");
    expect(assess({ soc: "1150", salary: 90_000 })).toMatchObject({
      eligible: false,
      option: null,
      salaryOption: "A",
      occupation: { table: "1a", eligible: false },
    });
    // Its pay is judged on its own, and said as it is: above the threshold, not below it.
    expect(assess({ soc: "1150", salary: 90_000 }).reasons.at(-1)).toMatch(
      /^The salary £90,000 meets the going rate of .+ \(option A\)\.$/,
    );
  });

  it("take Table 1a on the Immigration Salary List until its removal date", () => {
    expect(assess({ soc: "5313", salary: 41_700, cosDate: "2026-12-30" })).toMatchObject({
      eligible: true,
      occupation: { eligible: true },
    });
    expect(assess({ soc: "5313", salary: 41_700, cosDate: "2026-12-31" })).toMatchObject({ eligible: false });
  });

  it("refuse an occupation on no list, whatever the salary", () => {
    const a = assess({ soc: "9221", salary: 200_000 });
    expect(a).toMatchObject({ eligible: false, occupation: { table: null, eligible: false } });
    expect(a.reasons[0]).toBe(
      "The occupation (SOC 9221, window cleaners) is not on the lists of occupations the Skilled Worker route accepts.",
    );
  });

  it("cannot judge the salary of an occupation the tables give no going rate", () => {
    expect(assess({ soc: "6131", salary: 40_000 })).toMatchObject({
      eligible: false,
      judged: false,
      option: null,
      goingRate: 0,
    });
  });

  it("throws for a code that is no occupation: callers validate first", () => {
    expect(() => assess({ soc: "0000" })).toThrow(/not an occupation/);
  });
});

describe("the employer", () => {
  it("must be on the register, on the Skilled Worker route, A-rated", () => {
    // The salary passes, the employer does not: no option, and what the pay alone meets said apart (issue 27).
    expect(assess({}, { name: "Nowhere Ltd", licensed: false, skilledWorker: false, rating: null })).toMatchObject({
      eligible: false,
      option: null,
      salaryOption: "A",
      threshold: 54_700,
    });
    expect(assess({}, { name: "Seasonal Ltd", licensed: true, skilledWorker: false, rating: "A" }).reasons).toContain(
      "Seasonal Ltd holds a sponsor licence, but not on the Skilled Worker route.",
    );
    const slipping = assess({}, { name: "Slipping Ltd", licensed: true, skilledWorker: true, rating: "B" });
    expect(slipping.eligible).toBe(false);
    expect(slipping.reasons).toContain(
      "Slipping Ltd's Skilled Worker licence is rated B: only an A-rated sponsor can give new certificates of sponsorship.",
    );
  });
});

describe("option and salaryOption", () => {
  it("give an option only to an eligible offer, and what the salary alone meets whatever else fails", () => {
    const employers: EmployerStanding[] = [
      null,
      LICENSED,
      { name: "Nowhere Ltd", licensed: false, skilledWorker: false, rating: null },
      { name: "Slipping Ltd", licensed: true, skilledWorker: true, rating: "B" },
    ];
    for (const soc of ["2134", "2112", "2319", "1243", "1150", "9221"])
      for (const salary of [20_000, 35_000, 39_000, 45_000, 60_000])
        for (const newEntrant of [false, true])
          for (const employer of employers) {
            const a = assess({ soc, salary, newEntrant }, employer);
            expect(a.option, `${soc} £${salary}`).toBe(a.eligible ? a.salaryOption : null);
            if (a.eligible) expect(a.option).not.toBeNull();
            // The salary alone: the same offer with no employer named and any occupation's rates.
            expect(a.salaryOption).toBe(assess({ soc, salary, newEntrant }).salaryOption);
          }
  });
});

describe("jobStatus", () => {
  const job = (o: Partial<Offer>, employer: EmployerStanding = null) =>
    [assess(o, employer), assess({ ...o, newEntrant: true }, employer), employer] as const;

  it("sorts jobs into the five statuses", () => {
    expect(jobStatus(...job({}, LICENSED))).toBe("likely");
    expect(jobStatus(...job({ soc: "2112", salary: 40_300 }))).toBe("likely");
    expect(jobStatus(...job({ salary: 40_000 }))).toBe("new-entrant");
    expect(jobStatus(...job({ salary: 30_000 }, LICENSED))).toBe("licensed-only");
    expect(jobStatus(...job({ salary: 30_000 }))).toBe("unlikely");
    expect(jobStatus(...job({}, { name: "Nowhere Ltd", licensed: false, skilledWorker: false, rating: null }))).toBe(
      "unlikely",
    );
    expect(jobStatus(null, null, null)).toBe("unknown");
    expect(jobStatus(null, null, LICENSED)).toBe("licensed-only");
    expect(jobStatus(...job({ soc: "6131" }))).toBe("unknown");
  });
});
