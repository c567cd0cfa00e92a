import { describe, expect, it } from "vitest";
import { mainRules } from "./visas";

const rule = (text: string, from = "2024-07-01") => ({ rule: text, from, source: "https://www.gov.uk/graduate-visa" });
const RULES = [
  rule("Student visa holders may work 20 hours a week in term time", "2020-10-05"),
  rule("A Graduate visa lasts 2 years after a degree", "2021-07-01"),
  rule("Skilled Worker general salary threshold is £41,700", "2025-07-22"),
  rule("Global Talent visa: an endorsement is needed", "2020-02-20"),
  rule("New entrants need 70% of the going rate", "2025-07-22"),
];

describe("mainRules", () => {
  it("takes the rules named by the picks, in the picks' order, case ignored, at most four", () => {
    const picked = mainRules(RULES, [
      "new entrants",
      "GRADUATE VISA LASTS",
      "salary threshold",
      "global talent",
      "student visa",
    ]);
    expect(picked.map((r) => r.rule)).toEqual([
      "New entrants need 70% of the going rate",
      "A Graduate visa lasts 2 years after a degree",
      "Skilled Worker general salary threshold is £41,700",
      "Global Talent visa: an endorsement is needed",
    ]);
    expect(picked.map((r) => r.from)).toEqual(["2025-07-22", "2021-07-01", "2025-07-22", "2020-02-20"]);
  });

  it("shows a rule once when two picks name it", () => {
    expect(mainRules(RULES, ["Graduate visa", "lasts 2 years", "going rate"]).map((r) => r.rule)).toEqual([
      "A Graduate visa lasts 2 years after a degree",
      "New entrants need 70% of the going rate",
    ]);
  });

  it("makes up two rules from the guide's own order when the picks no longer match its wording", () => {
    expect(mainRules(RULES, ["Graduate visa lasts", "a rule reworded since"]).map((r) => r.rule)).toEqual([
      "A Graduate visa lasts 2 years after a degree",
      "Student visa holders may work 20 hours a week in term time",
    ]);
    expect(mainRules(RULES, []).map((r) => r.rule)).toEqual([RULES[0]!.rule, RULES[1]!.rule]);
  });

  it("shows what there is when the guide states fewer rules than the minimum", () => {
    expect(mainRules([RULES[3]!], ["Graduate visa lasts"])).toEqual([RULES[3]]);
    expect(mainRules([], ["Graduate visa lasts"])).toEqual([]);
  });
});
