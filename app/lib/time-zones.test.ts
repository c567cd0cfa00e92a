import { describe, expect, it } from "vitest";
import { isTimeZone, zonedParts, zonedTime } from "./time-zones";

describe("zonedTime", () => {
  it("finds the moment a local clock shows a time, in summer and winter time and across the change of clocks", () => {
    expect(zonedTime("2026-07-01", "10:00", "Europe/London").toISOString()).toBe("2026-07-01T09:00:00.000Z");
    expect(zonedTime("2026-12-01", "10:00", "Europe/London").toISOString()).toBe("2026-12-01T10:00:00.000Z");
    // The clocks go back at 02:00 BST on 25 October 2026: 10:00 that day is GMT.
    expect(zonedTime("2026-10-25", "10:00", "Europe/London").toISOString()).toBe("2026-10-25T10:00:00.000Z");
    expect(zonedTime("2026-03-29", "10:00", "Europe/London").toISOString()).toBe("2026-03-29T09:00:00.000Z");
    expect(zonedTime("2026-12-01", "10:00", "Australia/Sydney").toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(zonedTime("2026-12-01", "10:00", "Asia/Kolkata").toISOString()).toBe("2026-12-01T04:30:00.000Z");
  });
});

describe("zonedParts and isTimeZone", () => {
  it("read a moment in a time zone, and know a time zone from a made-up one", () => {
    expect(zonedParts(new Date("2026-12-02T14:00:00Z"), "Asia/Tokyo")).toMatchObject({
      day: "2026-12-02",
      time: "23:00",
      weekday: 3,
    });
    expect(isTimeZone("America/Toronto")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
