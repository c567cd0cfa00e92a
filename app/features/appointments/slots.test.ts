import { describe, expect, it } from "vitest";
import { type AdviserHours, adviserTimes, freeTimes } from "./slots";

// Monday 30 November 2026, 08:00 in London (GMT): notice of 24 hours makes Tuesday the first day.
const NOW = new Date("2026-11-30T08:00:00Z");
const adviser = (userId: number, overrides: Partial<AdviserHours> = {}): AdviserHours => ({
  userId,
  timeZone: "Europe/London",
  weekly: { "2": ["09:00-11:00"] },
  daysOff: [],
  horizonDays: 14,
  noticeHours: 24,
  ...overrides,
});
const at = (iso: string) => new Date(iso);
const starts = (times: { start: Date }[]) => times.map((t) => t.start.toISOString());

describe("adviserTimes", () => {
  it("cuts the adviser's hours into times of the appointment's length, within notice and horizon", () => {
    const times = adviserTimes(adviser(1), 45, NOW, []);
    // Tuesdays 1, 8 and 15 December... but 15 December is past the 14-day horizon's last day (14 December).
    expect(starts(times)).toEqual([
      "2026-12-01T09:00:00.000Z",
      "2026-12-01T09:45:00.000Z",
      "2026-12-08T09:00:00.000Z",
      "2026-12-08T09:45:00.000Z",
    ]);
    expect(times[0]!.end.toISOString()).toBe("2026-12-01T09:45:00.000Z");
  });

  it("reads the hours in the adviser's own time zone, and leaves out their days off", () => {
    const sydney = adviserTimes(
      adviser(1, { timeZone: "Australia/Sydney", daysOff: ["2026-12-08"], noticeHours: 0 }),
      60,
      NOW,
      [],
    );
    // 09:00 in Sydney in December (AEDT, UTC+11) is 22:00 UTC the day before; 8 December is a day off
    // and 15 December is past the horizon.
    expect(starts(sydney)).toEqual(["2026-11-30T22:00:00.000Z", "2026-11-30T23:00:00.000Z"]);
  });

  it("leaves out every time that overlaps an appointment the adviser holds, whatever its length", () => {
    const held = [{ startsAt: at("2026-12-01T09:30:00Z"), endsAt: at("2026-12-01T10:00:00Z") }];
    expect(starts(adviserTimes(adviser(1), 30, NOW, held)).slice(0, 3)).toEqual([
      "2026-12-01T09:00:00.000Z",
      "2026-12-01T10:00:00.000Z",
      "2026-12-01T10:30:00.000Z",
    ]);
  });
});

describe("freeTimes", () => {
  it("offers each time once, with the adviser holding fewer appointments, and none the student is busy at", () => {
    const busy = { startsAt: at("2026-12-08T09:00:00Z"), endsAt: at("2026-12-08T10:00:00Z") };
    const times = freeTimes(
      [
        { ...adviser(1), held: [busy] },
        { ...adviser(2), held: [] },
      ],
      60,
      NOW,
      [{ startsAt: at("2026-12-01T10:15:00Z"), endsAt: at("2026-12-01T10:45:00Z") }],
    );
    expect(times.map((t) => [t.start.toISOString(), t.adviserUserId])).toEqual([
      ["2026-12-01T09:00:00.000Z", 2],
      ["2026-12-08T09:00:00.000Z", 2],
      ["2026-12-08T10:00:00.000Z", 2],
    ]);
  });
});
