import { describe, expect, it } from "vitest";
import { addDays, periodsOf, readRange, splitByMonths } from "./range";

describe("splitByMonths", () => {
  it("reads a year's whole months by month and its ends by day", () => {
    expect(splitByMonths({ from: "2025-11-26", to: "2026-11-25" })).toEqual({
      months: { from: "2025-12-01", to: "2026-10-01" },
      days: [
        { from: "2025-11-26", to: "2025-11-30" },
        { from: "2026-11-01", to: "2026-11-25" },
      ],
    });
  });

  it("needs no days for a range of whole months, across a leap February", () => {
    expect(splitByMonths({ from: "2028-02-01", to: "2028-02-29" })).toEqual({
      months: { from: "2028-02-01", to: "2028-02-01" },
      days: [],
    });
    expect(splitByMonths({ from: "2027-12-01", to: "2028-03-31" })).toEqual({
      months: { from: "2027-12-01", to: "2028-03-01" },
      days: [],
    });
  });

  it("keeps a range without a whole month as days", () => {
    for (const range of [
      { from: "2026-11-02", to: "2026-11-30" },
      { from: "2026-11-01", to: "2026-11-29" },
      { from: "2026-10-15", to: "2026-11-14" },
      { from: "2026-11-05", to: "2026-11-05" },
    ]) {
      expect(splitByMonths(range)).toEqual({ months: null, days: [range] });
    }
  });

  it("covers every day of a range once, whatever the range", () => {
    for (let start = 0; start < 400; start += 7) {
      for (const length of [1, 27, 31, 45, 62, 92, 200, 366, 731]) {
        const range = { from: addDays("2025-01-01", start), to: addDays("2025-01-01", start + length - 1) };
        const { months, days } = splitByMonths(range);
        if (months) {
          expect(months.from >= range.from && months.from.endsWith("-01")).toBe(true);
          expect(addDays(periodsOf({ from: months.to, to: addDays(months.to, 31) }, "month")[1]!, -1) <= range.to).toBe(
            true,
          );
        }
        const all = periodsOf(range, "day");
        const inMonths = months ? all.filter((d) => d >= months.from && d.slice(0, 7) <= months.to.slice(0, 7)) : [];
        const inDays = all.filter((d) => days.some((r) => d >= r.from && d <= r.to));
        expect(inMonths.length + inDays.length, `${range.from}..${range.to}`).toBe(all.length);
        expect(new Set([...inMonths, ...inDays]).size).toBe(all.length);
      }
    }
  });
});

describe("readRange", () => {
  const today = "2026-11-25";
  const at = (query: string) => readRange(new URL(`https://x.test/?${query}`), today);

  it("defaults to the last 30 days, with the 30 before them to compare", () => {
    expect(at("")).toMatchObject({
      range: { from: "2026-10-27", to: today },
      previous: { from: "2026-09-27", to: "2026-10-26" },
      error: null,
    });
  });

  it("refuses an end after today or a range over two years, with a message", () => {
    expect(at("from=2026-11-01&to=2026-11-26").error).toMatch(/cannot be after today/);
    expect(at("from=2024-11-01&to=2026-11-25").error).toMatch(/at most two years/);
    expect(at("from=2026-11-10&to=2026-11-01").error).toMatch(/on or before/);
  });
});
