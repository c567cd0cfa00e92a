import { describe, expect, it } from "vitest";
import type { Availability } from "./availability";
import { openSlots, slotLabel } from "./slots";

const HOURS: Availability = {
  timeZone: "Europe/London",
  slotMinutes: 30,
  weekly: { 1: ["10:00-11:00"], 3: ["14:00-15:00"] },
  horizonDays: 14,
  noticeHours: 24,
  closed: [],
};

describe("openSlots", () => {
  it("cuts the weekly hours into slots from a day's notice to the horizon, skipping closed days", () => {
    // Monday 30 November 2026, 09:00 in London.
    const now = new Date("2026-11-30T09:00:00Z");
    const slots = openSlots(HOURS, now);
    expect(slots.map((s) => s.start.toISOString()).slice(0, 6)).toEqual([
      "2026-12-02T14:00:00.000Z",
      "2026-12-02T14:30:00.000Z",
      "2026-12-07T10:00:00.000Z",
      "2026-12-07T10:30:00.000Z",
      "2026-12-09T14:00:00.000Z",
      "2026-12-09T14:30:00.000Z",
    ]);
    expect(slots.every((s) => s.end.getTime() - s.start.getTime() === 30 * 60_000)).toBe(true);
    expect(slots.at(-1)!.start.toISOString()).toBe("2026-12-14T10:30:00.000Z");
    // A slot exactly a day away is open; a second later it is not.
    expect(openSlots(HOURS, new Date("2026-11-29T10:00:00Z"))[0]!.start.toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(openSlots(HOURS, new Date("2026-11-29T10:00:01Z"))[0]!.start.toISOString()).toBe("2026-11-30T10:30:00.000Z");
    expect(openSlots({ ...HOURS, closed: ["2026-12-02"] }, now)[0]!.start.toISOString()).toBe(
      "2026-12-07T10:00:00.000Z",
    );
  });

  it("shows a slot in the visitor's time zone", () => {
    const slot = { start: new Date("2026-12-02T14:00:00Z"), end: new Date("2026-12-02T14:30:00Z") };
    expect(slotLabel(slot, "America/Toronto")).toBe("Wednesday 2 December 2026, 09:00 to 09:30 (America/Toronto)");
  });
});
