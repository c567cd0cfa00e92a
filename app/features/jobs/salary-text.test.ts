import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { readCsv } from "~/lib/csv-reader";
import { sharedDataFile } from "../../../tests/support/shared-data";
import { parseSalaryText } from "./salary-text";

const base = {
  competitive: false,
  currency: "GBP",
  proRata: false,
  negotiable: false,
  ote: false,
  upTo: false,
} as const;

describe("parseSalaryText", () => {
  it.each([
    ["£18,000 - £22,000 per annum, pro-rata", { ...base, min: 18_000, max: 22_000, period: "year", proRata: true }],
    ["£12.50 per hour", { ...base, min: 12.5, max: 12.5, period: "hour" }],
    [" £18,323 per annum ", { ...base, min: 18_323, max: 18_323, period: "year" }],
    [
      "£28,000 - £32,000 per annum, negotiable, inc benefits, OTE",
      { ...base, min: 28_000, max: 32_000, period: "year", negotiable: true, ote: true },
    ],
    ["up to £45k", { ...base, min: null, max: 45_000, period: "year", upTo: true }],
    ["£30k-£35k", { ...base, min: 30_000, max: 35_000, period: "year" }],
    ["£18,000 - 22,000 a year", { ...base, min: 18_000, max: 22_000, period: "year" }],
    ["£10 to £12 an hour for 37.5 hours a week", { ...base, min: 10, max: 12, period: "hour" }],
    ["£450 per day", { ...base, min: 450, max: 450, period: "day" }],
    ["£2,500 per month", { ...base, min: 2_500, max: 2_500, period: "month" }],
    ["£400 per week", { ...base, min: 400, max: 400, period: "week" }],
    [" ‚¬18,000 - ‚¬24,000 per annum ", { ...base, min: 18_000, max: 24_000, currency: "EUR", period: "year" }],
    ["€50,000", { ...base, min: 50_000, max: 50_000, currency: "EUR", period: "year" }],
    ["30000 GBP", { ...base, min: 30_000, max: 30_000, period: "year" }],
    ["£11.44", { ...base, min: 11.44, max: 11.44, period: "hour" }],
  ] as const)("reads %j", (text, expected) => {
    expect(parseSalaryText(text)).toEqual(expected);
  });

  it.each(["Competitive", "competitive salary and benefits", "Negotiable DOE"])("reads %j as competitive", (text) => {
    expect(parseSalaryText(text)).toEqual({ competitive: true });
  });

  it.each([
    ["", "nothing"],
    ["£300", "a figure that could be a day or a week"],
    ["18,000 - 22,000", "no currency"],
    ["£25,000 + £3,000 bonus + £2,000 car allowance", "more figures than a range"],
    ["See description", "no figure"],
  ])("gives null for %j (%s) rather than guess", (text) => {
    expect(parseSalaryText(text)).toBeNull();
  });
});

// The test corpus (a public set of Reed listings) is test input only: it is read here, never shipped.
const CORPUS = sharedDataFile("job-ads-test-corpus/reed-subset.csv");

describe("the salary texts of 29,862 real job ads", () => {
  it("are read, above 95% of them, with every range in order", async () => {
    let total = 0;
    let parsed = 0;
    let header: string[] | null = null;
    const text = fs.createReadStream(CORPUS, { encoding: "utf8" });
    for await (const { fields } of readCsv(text)) {
      if (!header) {
        header = fields;
        continue;
      }
      const salary = parseSalaryText(fields[header.indexOf("salary_offered")]);
      total += 1;
      if (!salary) continue;
      parsed += 1;
      if (!salary.competitive) expect(salary.min === null || salary.min <= salary.max).toBe(true);
    }
    const share = parsed / total;
    console.info(`salary texts read: ${parsed} of ${total} (${(share * 100).toFixed(1)}%)`);
    expect(total).toBe(29_862);
    expect(share).toBeGreaterThan(0.95);
  });
});
