import { describe, expect, it } from "vitest";
import { todayInLondon } from "./dates";

describe("todayInLondon", () => {
  it("takes today in the UK, whatever the server's time zone", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in British Summer Time; in January the two agree.
    expect(todayInLondon(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(todayInLondon(new Date("2026-01-15T23:30:00Z"))).toBe("2026-01-15");
  });
});
