import { describe, expect, it } from "vitest";
import { validate } from "~/lib/validation";
import {
  AdviserSettingsSchema,
  KindSchema,
  LimitSchema,
  hoursText,
  parseDaysOff,
  parseHours,
  parseOffers,
} from "./settings-schema";

describe("parseHours", () => {
  it("reads ranges as typed, in order, with the hours written in two digits", () => {
    expect(parseHours("14:00-17:00, 9:00-12:30")).toEqual({ ok: true, ranges: ["09:00-12:30", "14:00-17:00"] });
    expect(parseHours(" 10:00 – 11:00 ;\n12:00-13:00 ")).toEqual({ ok: true, ranges: ["10:00-11:00", "12:00-13:00"] });
    expect(parseHours("")).toEqual({ ok: true, ranges: [] });
    // Ranges that touch do not overlap.
    expect(parseHours("09:00-10:00, 10:00-11:00")).toEqual({ ok: true, ranges: ["09:00-10:00", "10:00-11:00"] });
  });

  it("refuses what is not a range of real times, a range ending before it starts, and overlapping ranges", () => {
    expect(parseHours("9-5")).toEqual({ ok: false, message: '"9-5" is not a time range like 09:00-12:30' });
    expect(parseHours("09:00-24:00").ok).toBe(false);
    expect(parseHours("09:60-10:00").ok).toBe(false);
    expect(parseHours("12:00-09:00")).toEqual({ ok: false, message: "12:00-09:00 ends before it starts" });
    expect(parseHours("10:00-10:00").ok).toBe(false);
    expect(parseHours("09:00-12:00, 11:30-13:00")).toEqual({
      ok: false,
      message: "09:00-12:00 and 11:30-13:00 overlap",
    });
  });

  it("shows the ranges back as the form takes them", () => {
    const parsed = parseHours(hoursText(["09:00-12:30", "14:00-17:00"]));
    expect(parsed).toEqual({ ok: true, ranges: ["09:00-12:30", "14:00-17:00"] });
    expect(hoursText(undefined)).toBe("");
  });
});

describe("parseDaysOff", () => {
  it("takes real days once each, in order", () => {
    expect(parseDaysOff("2026-12-25, 2026-12-24\n2026-12-25")).toEqual({
      ok: true,
      days: ["2026-12-24", "2026-12-25"],
    });
    expect(parseDaysOff("  ")).toEqual({ ok: true, days: [] });
  });

  it("refuses a day that does not exist or is not written YYYY-MM-DD", () => {
    expect(parseDaysOff("2027-02-29")).toEqual({
      ok: false,
      message: '"2027-02-29" is not a day written like 2026-12-24',
    });
    expect(parseDaysOff("25/12/2026").ok).toBe(false);
  });
});

const settings = {
  timeZone: "Europe/London",
  "hours-1": "09:00-12:00, 14:00-16:00",
  "hours-2": "",
  "hours-3": "10:00-12:00",
  "hours-4": "",
  "hours-5": "",
  "hours-6": "",
  "hours-7": "",
  daysOff: "2026-12-24",
  horizonDays: "28",
  noticeHours: "24",
};

describe("AdviserSettingsSchema", () => {
  it("turns the form into the adviser's row: hours by ISO weekday, the days without hours left out", () => {
    expect(validate(AdviserSettingsSchema, settings)).toEqual({
      success: true,
      data: {
        timeZone: "Europe/London",
        weekly: { "1": ["09:00-12:00", "14:00-16:00"], "3": ["10:00-12:00"] },
        daysOff: ["2026-12-24"],
        horizonDays: 28,
        noticeHours: 24,
      },
    });
  });

  it("names each field's problem: an unknown time zone, a day's hours, a day off, the horizon and the notice", () => {
    const checked = validate(AdviserSettingsSchema, {
      ...settings,
      timeZone: "Europe/Atlantis",
      "hours-3": "12:00-10:00",
      daysOff: "tomorrow",
      horizonDays: "0",
      noticeHours: "",
    });
    expect(checked).toEqual({
      success: false,
      fieldErrors: {
        timeZone: "Choose a time zone from the list",
        "hours-3": "Wednesday: 12:00-10:00 ends before it starts",
        daysOff: '"tomorrow" is not a day written like 2026-12-24',
        horizonDays: "Enter how many days ahead from 1 to 365",
        noticeHours: "Enter the notice in hours as a whole number",
      },
    });
  });

  it("takes a notice of 0 hours and refuses one of more than 14 days", () => {
    expect(validate(AdviserSettingsSchema, { ...settings, noticeHours: "0" }).success).toBe(true);
    expect(validate(AdviserSettingsSchema, { ...settings, noticeHours: "337" }).success).toBe(false);
  });
});

describe("parseOffers", () => {
  const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? "";

  it("keeps the kinds offered, online with an https link or in person with a room", () => {
    expect(
      parseOffers(
        [1, 2, 3],
        form({
          "offer-1": "online",
          "location-1": " https://meet.example.org/careers ",
          "offer-2": "in-person",
          "location-2": "Room 2.14",
          "offer-3": "none",
          "location-3": "ignored",
        }),
      ),
    ).toEqual({
      ok: true,
      offers: [
        { typeId: 1, mode: "online", location: "https://meet.example.org/careers" },
        { typeId: 2, mode: "in-person", location: "Room 2.14" },
      ],
    });
  });

  it("refuses an online offer without an https link, one in person without a room, and an unknown way", () => {
    expect(
      parseOffers(
        [1, 2, 3],
        form({
          "offer-1": "online",
          "location-1": "http://meet.example.org",
          "offer-2": "in-person",
          "location-2": " ",
          "offer-3": "by-pigeon",
        }),
      ),
    ).toEqual({
      ok: false,
      fieldErrors: {
        "location-1": "Enter the meeting link, starting https://",
        "location-2": "Enter the room",
        "offer-3": "Choose not offered, online or in person",
      },
    });
  });
});

describe("KindSchema and LimitSchema", () => {
  it("takes a kind of 10 to 180 minutes, and a tick box for active", () => {
    expect(validate(KindSchema, { name: " CV review ", minutes: "30", description: "", active: "on" })).toEqual({
      success: true,
      data: { name: "CV review", minutes: 30, description: null, active: true },
    });
    expect(validate(KindSchema, { name: "Quick", minutes: "5", description: "" })).toEqual({
      success: false,
      fieldErrors: { minutes: "Enter the length in minutes from 10 to 180" },
    });
    expect(validate(KindSchema, { name: "", minutes: "181", description: "" })).toEqual({
      success: false,
      fieldErrors: {
        name: "Enter the name of the kind of appointment",
        minutes: "Enter the length in minutes from 10 to 180",
      },
    });
    expect(validate(KindSchema, { name: "Long", minutes: "45", description: "" })).toMatchObject({
      success: true,
      data: { active: false },
    });
  });

  it("takes a limit from 1 to 10", () => {
    expect(validate(LimitSchema, { limit: "3" })).toEqual({ success: true, data: { limit: 3 } });
    expect(validate(LimitSchema, { limit: "11" })).toEqual({
      success: false,
      fieldErrors: { limit: "Enter the limit from 1 to 10" },
    });
    expect(validate(LimitSchema, { limit: "2.5" }).success).toBe(false);
  });
});
