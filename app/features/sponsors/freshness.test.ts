import { describe, expect, it } from "vitest";
import { registerFreshness } from "./freshness";

describe("the register's age", () => {
  it("is fresh up to 14 days old, and stale from the 15th day", () => {
    expect(registerFreshness("2026-06-26", "2026-06-26")).toEqual({
      registerDate: "2026-06-26",
      ageDays: 0,
      stale: false,
    });
    expect(registerFreshness("2026-06-26", "2026-07-10")).toEqual({
      registerDate: "2026-06-26",
      ageDays: 14,
      stale: false,
    });
    expect(registerFreshness("2026-06-26", "2026-07-11")).toEqual({
      registerDate: "2026-06-26",
      ageDays: 15,
      stale: true,
    });
  });

  it("counts calendar days across months, years and a clock change", () => {
    // 29 days of November, 31 of December; 28 March 2027 is a 23-hour day in London.
    expect(registerFreshness("2021-11-02", "2022-01-01")?.ageDays).toBe(60);
    expect(registerFreshness("2027-03-27", "2027-03-29")?.ageDays).toBe(2);
  });

  it("has no age without a register, and treats a date after today as today's", () => {
    expect(registerFreshness(null, "2026-07-11")).toBeNull();
    expect(registerFreshness("2026-07-12", "2026-07-11")).toEqual({
      registerDate: "2026-07-12",
      ageDays: 0,
      stale: false,
    });
  });
});
