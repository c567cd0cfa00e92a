import { describe, expect, it } from "vitest";
import { addMonths, closingOf, graduatedBetween, monthLabel, waveDue } from "./waves";

describe("the survey's waves", () => {
  it("counts months across years, both ways", () => {
    expect(addMonths("2025-07", 6)).toBe("2026-01");
    expect(addMonths("2025-07", 15)).toBe("2026-10");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-03", -27)).toBe("2023-12");
  });

  it("is due 6 months after the graduation month, then 15, each for three months, and never before or between", () => {
    const due = (month: string) => waveDue("2025-07", month);
    expect(due("2025-07")).toBeNull();
    expect(due("2025-12")).toBeNull();
    expect(due("2026-01")).toBe(6);
    expect(due("2026-03")).toBe(6);
    expect(due("2026-04")).toBeNull();
    expect(due("2026-09")).toBeNull();
    expect(due("2026-10")).toBe(15);
    expect(due("2026-12")).toBe(15);
    expect(due("2027-01")).toBeNull();
    expect(due("2030-01")).toBeNull();
  });

  it("asks the database for exactly the graduation months waveDue answers for", () => {
    for (const thisMonth of ["2026-01", "2026-10", "2027-02"])
      for (const wave of [6, 15] as const) {
        const { from, until } = graduatedBetween(wave, thisMonth);
        // Every month of ten years: those inside the days asked for are the ones due this wave.
        for (let back = 0; back < 120; back++) {
          const graduated = addMonths(thisMonth, -back);
          const inside = `${graduated}-01` >= from && `${graduated}-01` < until;
          expect(inside, `${graduated} in ${thisMonth}, wave ${wave}`).toBe(waveDue(graduated, thisMonth) === wave);
        }
      }
    expect(graduatedBetween(6, "2026-01")).toEqual({ from: "2025-05-01", until: "2025-08-01" });
  });

  it("takes answers for nine months, and names months as people read them", () => {
    expect(closingOf(new Date("2026-01-05T06:00:00Z")).toISOString()).toBe("2026-10-05T06:00:00.000Z");
    expect(monthLabel("2025-07")).toBe("July 2025");
  });
});
