import { beforeAll, describe, expect, it } from "vitest";
import { jobVerdict } from "~/features/jobs";
import type { JobTerms } from "~/features/jobs";
import { type EmployerStanding, type RuleSet, ruleSetFor } from "~/features/sponsorship";
import { pounds } from "~/lib/money";
import { verdictAdvice } from "./job-advice";

const TODAY = "2026-11-28";
let rules: RuleSet;
beforeAll(async () => {
  rules = (await ruleSetFor(TODAY))!;
});

const licensed: EmployerStanding = { name: "Acme Ltd", licensed: true, skilledWorker: true, rating: "A (Premium)" };
const terms = (t: Partial<JobTerms> = {}): JobTerms => ({
  socCode: "2134",
  salaryMin: 50_000,
  salaryPeriod: "year",
  salaryCurrency: "GBP",
  hoursPerWeek: 37.5,
  country: "GB",
  ...t,
});
const advise = (t: Partial<JobTerms>, employer: EmployerStanding = licensed) =>
  verdictAdvice(terms(t), rules, employer, TODAY);
const goingRate = (code: string) => rules.occupations.get(code)!.rates!.full;

describe("what would change a job's verdict", () => {
  it("names the shortfall to the going rate when the going rate binds", () => {
    const rate = goingRate("2134");
    expect(rate).toBeGreaterThan(rules.generalThreshold);
    expect(advise({ salaryMin: rate - 3_250 })).toEqual([
      `${pounds(3_250)} more a year would meet the going rate of ${pounds(rate)} for 2134.`,
    ]);
  });

  it("names the general threshold when it is above the occupation's going rate", () => {
    const rate = goingRate("2136");
    expect(rate).toBeLessThan(rules.generalThreshold);
    expect(advise({ socCode: "2136", salaryMin: rules.generalThreshold - 3_250 })).toEqual([
      `${pounds(3_250)} more a year would meet the general threshold of ${pounds(rules.generalThreshold)} for 2136 (its going rate, ${pounds(rate)}, is lower).`,
    ]);
  });

  it("gives exactly the shortfall: with it the job is likely to be sponsored, a pound less it is not", () => {
    for (const [code, salary, hours] of [
      ["2134", 40_123.45, 37.5],
      ["2136", 30_000, 30],
      ["2134", 45_000, 60],
    ] as const) {
      const [line] = advise({ socCode: code, salaryMin: salary, hoursPerWeek: hours });
      const shortfall = Number(/^£([\d,.]+) more a year/.exec(line!)![1]!.replace(/,/g, ""));
      const judged = (s: number) =>
        jobVerdict(terms({ socCode: code, salaryMin: s, hoursPerWeek: hours }), rules, licensed, TODAY).status;
      expect(judged(salary + shortfall)).toBe("likely");
      expect(judged(salary + shortfall - 1)).not.toBe("likely");
      expect(advise({ socCode: code, salaryMin: salary + shortfall, hoursPerWeek: hours })).toEqual([]);
    }
  });

  it("gives an hourly job its shortfall an hour", () => {
    const hourly = goingRate("2134") / (37.5 * rules.weeksPerYear);
    const [line] = advise({ salaryMin: 20, salaryPeriod: "hour" });
    expect(line).toBe(
      `${pounds(Math.ceil((hourly - 20) * 100) / 100)} more an hour would meet the going rate of ${pounds(goingRate("2134"))} for 2134.`,
    );
  });

  it("asks for what the verdict lacks: the occupation, a salary in figures, the hours", () => {
    expect(advise({ socCode: null })).toEqual([
      "Choose the job's occupation (its SOC 2020 code) to have the occupation and salary checked.",
    ]);
    expect(advise({ salaryMin: null, salaryPeriod: null })).toEqual([
      "Give the salary as figures to have it checked against the going rate.",
    ]);
    expect(advise({ salaryMin: 90_000, hoursPerWeek: null })).toEqual([
      `Give the weekly hours: without them the job is judged at ${rules.standardWeeklyHours} hours a week.`,
    ]);
    expect(advise({ country: "FR" })).toEqual(["Only a job in the UK can be sponsored on a Skilled Worker visa."]);
  });

  it("says no salary helps an occupation the route does not accept", () => {
    const closed = [...rules.occupations.values()].find((o) => o.table === null)!;
    expect(advise({ socCode: closed.code, salaryMin: 90_000 })).toEqual([
      expect.stringContaining(`SOC ${closed.code}`) as string,
    ]);
    expect(advise({ socCode: closed.code, salaryMin: 90_000 })[0]).toMatch(/no salary changes that/);
  });

  it("puts an organisation without an A-rated Skilled Worker licence first, whatever the pay", () => {
    const unlicensed: EmployerStanding = { name: "Acme Ltd", licensed: false, skilledWorker: false, rating: null };
    expect(advise({ salaryMin: 90_000 }, unlicensed)).toEqual([
      "Acme Ltd needs an A-rated Skilled Worker sponsor licence before any of its jobs can be sponsored.",
    ]);
    expect(advise({ salaryMin: 90_000 }, { ...licensed, rating: "B" })).toHaveLength(1);
    expect(advise({ salaryMin: 90_000 })).toEqual([]);
  });
});
