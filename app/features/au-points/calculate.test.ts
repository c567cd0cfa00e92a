import { describe, expect, it } from "vitest";
import { type PointsResult, ageOn, calculatePoints } from "./calculate";
import { RULES_2019_11_16, ruleSetFor } from "./rules";
import { AGE_30_ONLY, BEST_OTHERWISE } from "./answers.fixtures";
import type { Answers } from "./schema";

// Expected values come from Schedule 6D as written in shared/data/au-points/points-table.md.

const BASE = AGE_30_ONLY;

const calc = (change: Partial<Answers>) => calculatePoints({ ...BASE, ...change });
const pointsOf = (r: PointsResult, factor: string) => r.lines.find((l) => l.factor === factor)?.points;
const eligibility = (r: PointsResult) => Object.fromEntries(r.subclasses.map((s) => [s.subclass, s.eligible]));

describe("age on the invitation date", () => {
  it("counts whole years, turning a year older on the birthday", () => {
    expect(ageOn("2000-11-22", "2026-11-21")).toBe(25);
    expect(ageOn("2000-11-22", "2026-11-22")).toBe(26);
    expect(ageOn("2000-11-22", "2026-11-23")).toBe(26);
    expect(ageOn("2000-12-01", "2026-11-30")).toBe(25);
  });

  it("gives someone born on 29 February their birthday on 1 March in other years", () => {
    expect(ageOn("2004-02-29", "2026-02-28")).toBe(21);
    expect(ageOn("2004-02-29", "2026-03-01")).toBe(22);
    expect(ageOn("2004-02-29", "2028-02-29")).toBe(24);
  });

  // For each boundary age N: born N years before the invitation date plus a day (the day before the
  // Nth birthday), exactly N years before (the birthday), and N years and a day before (the day after).
  it.each([
    [18, 0, 25, 25],
    [25, 25, 30, 30],
    [33, 30, 25, 25],
    [40, 25, 15, 15],
    [45, 15, 0, 0],
  ])("turning %i: %i points the day before, %i on the birthday, %i the day after", (age, before, on, after) => {
    const year = 2026 - age;
    expect(pointsOf(calc({ dateOfBirth: `${year}-11-23` }), "age")).toBe(before);
    expect(pointsOf(calc({ dateOfBirth: `${year}-11-22` }), "age")).toBe(on);
    expect(pointsOf(calc({ dateOfBirth: `${year}-11-21` }), "age")).toBe(after);
  });

  it("uses the invitation date, not today", () => {
    // 24 on 2026-11-22, 25 a year later.
    expect(pointsOf(calc({ dateOfBirth: "2002-01-15" }), "age")).toBe(25);
    expect(pointsOf(calc({ dateOfBirth: "2002-01-15", invitationDate: "2027-11-22" }), "age")).toBe(30);
  });

  it("warns under 18, and the person can still pass on other points", () => {
    const r = calc({ dateOfBirth: "2008-11-23" });
    expect(r.age).toBe(17);
    expect(r.warnings).toContain("Under 18 on the invitation date, age gives no points.");
  });

  it("makes 45 or over ineligible for every subclass, whatever the points", () => {
    const strong = {
      english: "superior",
      overseasEmploymentYears: 5,
      australianEmploymentYears: 5,
      qualification: "doctorate",
      partner: "skilled",
    } as const;
    const at44 = calc({ ...strong, dateOfBirth: "1982-11-23" });
    expect(at44.total).toBe(15 + 20 + 20 + 20 + 10);
    expect(eligibility(at44)).toEqual({ "189": true, "190": true, "491": true });
    const at45 = calc({ ...strong, dateOfBirth: "1981-11-22" });
    expect(at45.total).toBe(20 + 20 + 20 + 10);
    expect(eligibility(at45)).toEqual({ "189": false, "190": false, "491": false });
    expect(at45.subclasses[0]!.reason).toBe("Not open to applicants aged 45 or over");
    expect(at45.warnings).toContain("You must be under 45 when invited; at 45 you are not eligible for these visas.");
  });
});

describe("each factor's bands", () => {
  it.each([
    ["competent", 0],
    ["proficient", 10],
    ["superior", 20],
  ] as const)("English %s: %i", (english, points) => {
    expect(pointsOf(calc({ english }), "english")).toBe(points);
  });

  it.each([
    [0, 0],
    [2.99, 0],
    [3, 5],
    [4.99, 5],
    [5, 10],
    [7.99, 10],
    [8, 15],
    [10, 15],
  ])("overseas employment %f years: %i", (years, points) => {
    expect(pointsOf(calc({ overseasEmploymentYears: years }), "overseasEmployment")).toBe(points);
  });

  it.each([
    [0, 0],
    [0.99, 0],
    [1, 5],
    [2.99, 5],
    [3, 10],
    [4.99, 10],
    [5, 15],
    [7.99, 15],
    [8, 20],
    [10, 20],
  ])("Australian employment %f years: %i", (years, points) => {
    expect(pointsOf(calc({ australianEmploymentYears: years }), "australianEmployment")).toBe(points);
  });

  it("says which employment band applies", () => {
    expect(calc({ overseasEmploymentYears: 4 }).lines.find((l) => l.factor === "overseasEmployment")?.reason).toBe(
      "4 years: at least 3 but less than 5 years",
    );
    expect(calc({ australianEmploymentYears: 9 }).lines.find((l) => l.factor === "australianEmployment")?.reason).toBe(
      "9 years: at least 8 years",
    );
    expect(
      calc({ australianEmploymentYears: 0.5 }).lines.find((l) => l.factor === "australianEmployment")?.reason,
    ).toBe("0.5 years: less than 1 year");
  });

  it.each([
    ["none", 0],
    ["recognised", 10],
    ["diploma", 10],
    ["bachelor", 15],
    ["doctorate", 20],
  ] as const)("qualification %s (the highest only): %i", (qualification, points) => {
    expect(pointsOf(calc({ qualification }), "qualification")).toBe(points);
  });

  it.each([
    ["specialistEducation", 10],
    ["australianStudy", 5],
    ["professionalYear", 5],
    ["communityLanguage", 5],
  ] as const)("%s: %i when ticked, 0 when not", (flag, points) => {
    expect(pointsOf(calc({ [flag]: true }), flag)).toBe(points);
    expect(calc({ [flag]: true }).total).toBe(30 + points);
    expect(pointsOf(calc({}), flag)).toBe(0);
  });

  it("regional study adds 5 on top of the Australian study requirement", () => {
    expect(calc({ australianStudy: true, regionalStudy: true }).total).toBe(30 + 5 + 5);
  });

  it.each([
    ["skilled", 10],
    ["single_or_citizen", 10],
    ["competent_english", 5],
    ["none", 0],
  ] as const)("partner %s: %i (only one of them)", (partner, points) => {
    expect(pointsOf(calc({ partner }), "partner")).toBe(points);
    expect(calc({ partner }).total).toBe(30 + points);
  });
});

describe("the 20-point employment cap", () => {
  it.each([
    [8, 8, 15 + 20, 20],
    [5, 3, 10 + 10, 20],
    [3, 1, 5 + 5, 10],
    [5, 5, 10 + 15, 20],
    [8, 0, 15, 15],
  ])(
    "overseas %i years and Australian %i years: %i points count as %i",
    (overseasEmploymentYears, australianEmploymentYears, uncapped, counted) => {
      const r = calc({ overseasEmploymentYears, australianEmploymentYears });
      expect(pointsOf(r, "overseasEmployment")! + pointsOf(r, "australianEmployment")!).toBe(uncapped);
      expect(r.total).toBe(30 + counted);
      expect(pointsOf(r, "employmentCap") ?? 0).toBe(counted - uncapped);
    },
  );

  it("is applied before the Professional Year and other points are added", () => {
    const r = calc({
      overseasEmploymentYears: 8,
      australianEmploymentYears: 8,
      professionalYear: true,
      english: "proficient",
    });
    expect(r.total).toBe(30 + 10 + 20 + 5);
    expect(r.warnings).toContain(
      "Your employment is worth 35 points, but overseas and Australian employment together count for at most 20.",
    );
  });

  it("is a line of the breakdown only when it takes points away", () => {
    expect(calc({ overseasEmploymentYears: 3, australianEmploymentYears: 3 }).lines.map((l) => l.factor)).not.toContain(
      "employmentCap",
    );
  });

  it("warns when the years add up to more than the 10-year window", () => {
    expect(calc({ overseasEmploymentYears: 6, australianEmploymentYears: 5 }).warnings).toContain(
      "Only employment in the 10 years before the invitation counts, and your years add up to more: check them.",
    );
    expect(calc({ overseasEmploymentYears: 5, australianEmploymentYears: 5 }).warnings).toEqual([
      "Your employment is worth 25 points, but overseas and Australian employment together count for at most 20.",
    ]);
  });
});

describe("totals, nomination and the pass mark", () => {
  const MAX = BEST_OTHERWISE;

  it("reaches 130 at most before nomination: 135 for the 190 and 145 for the 491", () => {
    const r = calc(MAX);
    // 30 age + 20 English + 20 capped employment + 20 Doctorate + 10 STEM + 5 + 5 + 5 + 5 + 10 partner
    expect(r.total).toBe(130);
    expect(r.subclasses.map((s) => [s.subclass, s.nominationPoints, s.total])).toEqual([
      ["189", 0, 130],
      ["190", 5, 135],
      ["491", 15, 145],
    ]);
  });

  it("adds the lines up to the total", () => {
    for (const r of [calc(MAX), calc({}), calc({ overseasEmploymentYears: 8, australianEmploymentYears: 8 })]) {
      expect(r.lines.reduce((s, l) => s + l.points, 0)).toBe(r.total);
    }
  });

  it("gives each subclass its own nomination points, never two of them", () => {
    // 30 + 10 Proficient + 15 Bachelor + 5 Australian study = 60.
    const r = calc({ english: "proficient", qualification: "bachelor", australianStudy: true });
    expect(r.total).toBe(60);
    expect(r.subclasses.map((s) => s.total)).toEqual([60, 65, 75]);
    expect(eligibility(r)).toEqual({ "189": false, "190": true, "491": true });
    expect(r.subclasses[0]!.reason).toBe("60 points: 5 short of the pass mark of 65");
    expect(r.subclasses[1]!.reason).toBe(
      "65 points with 5 points for State or Territory nomination: meets the pass mark of 65",
    );
  });

  it("lets the 491's 15 points alone carry 50 to the pass mark", () => {
    const r = calc({ english: "proficient", partner: "single_or_citizen" });
    expect(r.total).toBe(50);
    expect(eligibility(r)).toEqual({ "189": false, "190": false, "491": true });
  });

  it("passes at 65 for the 189", () => {
    const r = calc({ english: "proficient", qualification: "bachelor", partner: "single_or_citizen" });
    expect(r.total).toBe(65);
    expect(eligibility(r)).toEqual({ "189": true, "190": true, "491": true });
    expect(r.passMark).toBe(65);
  });

  it("fails at 64 and passes at 65 (a rule set with a 4-point Professional Year reaches 64)", () => {
    // Real points are multiples of 5; a rule set changed in one value shows the edge itself.
    const answers = {
      ...BASE,
      english: "proficient",
      qualification: "bachelor",
      australianStudy: true,
      professionalYear: true,
    } as const;
    expect(calculatePoints(answers, { ...RULES_2019_11_16, professionalYear: 4 }).total).toBe(64);
    expect(calculatePoints(answers, { ...RULES_2019_11_16, professionalYear: 4 }).subclasses[0]!.eligible).toBe(false);
    expect(calculatePoints(answers, RULES_2019_11_16).total).toBe(65);
    expect(calculatePoints(answers, RULES_2019_11_16).subclasses[0]!.eligible).toBe(true);
  });

  it("names the rule set it used", () => {
    expect(calc({}).rules).toEqual({ version: "2019-11-16", effectiveFrom: "2019-11-16" });
    expect(ruleSetFor("2019-11-16")).toBe(RULES_2019_11_16);
    expect(ruleSetFor("2019-11-15")).toBeNull();
    expect(() => calc({ invitationDate: "2019-01-01" })).toThrow(RangeError);
  });
});
