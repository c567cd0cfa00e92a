import { describe, expect, it } from "vitest";
import { formatShortUkDay, todayInLondon } from "./dates";

describe("todayInLondon", () => {
  it("takes today in the UK, whatever the server's time zone", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in British Summer Time; in January the two agree.
    expect(todayInLondon(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(todayInLondon(new Date("2026-01-15T23:30:00Z"))).toBe("2026-01-15");
  });
});

describe("formatShortUkDay", () => {
  it("writes the UK day of a moment, the same again when asked again", () => {
    // 23:30 UTC on 30 June is 1 July in British Summer Time; in January the two agree.
    expect(formatShortUkDay("2026-06-30T23:30:00.000Z")).toBe("1 Jul");
    expect(formatShortUkDay("2026-01-15T23:30:00.000Z")).toBe("15 Jan");
    expect(formatShortUkDay("2026-06-30T23:30:00.000Z")).toBe("1 Jul");
  });
});
