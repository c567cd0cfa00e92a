import { describe, expect, it } from "vitest";
import { salaryLabel } from "./labels";

describe("salaryLabel", () => {
  it("says a salary as people read it", () => {
    expect(salaryLabel({ min: 56_000, max: 65_000, currency: "GBP", period: "year" })).toBe(
      "£56,000 to £65,000 a year",
    );
    expect(salaryLabel({ min: 12.5, max: 12.5, currency: "GBP", period: "hour" })).toBe("£12.50 an hour");
    expect(salaryLabel({ min: null, max: 45_000, currency: "EUR", period: "year" })).toBe("Up to €45,000 a year");
    expect(salaryLabel({ min: null, max: null, currency: null, period: null }, true)).toBe("Competitive salary");
    expect(salaryLabel({ min: null, max: null, currency: null, period: null })).toBe("Salary not given");
  });
});
