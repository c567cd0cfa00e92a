import { describe, expect, it } from "vitest";
import { ageText, momentText } from "./ops-format";

describe("ageText", () => {
  it("says how long in its two largest units, to the minute", () => {
    expect(ageText(59_999)).toBe("less than a minute");
    expect(ageText(60_000)).toBe("1 minute");
    expect(ageText(2 * 3_600_000 + 5 * 60_000 + 59_000)).toBe("2 hours 5 minutes");
    expect(ageText(3_600_000)).toBe("1 hour");
    expect(ageText(3 * 86_400_000 + 7_200_000 + 60_000)).toBe("3 days 2 hours");
    expect(ageText(86_400_000)).toBe("1 day");
  });
});

describe("momentText", () => {
  it("shows a moment in UK time, summer or winter", () => {
    expect(momentText(new Date("2026-07-01T09:30:00Z"))).toBe("1 Jul 2026, 10:30");
    expect(momentText("2026-12-01T09:30:00Z")).toBe("1 Dec 2026, 09:30");
    expect(momentText(null)).toBe("");
  });
});
