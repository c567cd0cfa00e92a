import { describe, expect, it } from "vitest";
import { type ClockInput, graduateLength, monthsLater, visaClock } from "./clock";
import { UK_RULES } from "./rules";

const student = (over: Partial<ClockInput> = {}): ClockInput => ({
  visaType: "student",
  visaExpiry: "2027-01-31",
  courseEnd: "2026-09-30",
  level: "postgraduate_taught",
  today: "2026-11-25",
  ...over,
});
const byId = (clock: ReturnType<typeof visaClock>) => Object.fromEntries(clock.milestones.map((m) => [m.id, m]));

describe("graduateLength", () => {
  it("is two years for an application the day before 1 January 2027, and 18 months on and after it; three years after a doctorate either way", () => {
    expect(graduateLength(UK_RULES, "2026-12-31")).toMatchObject({ months: 24, doctoralMonths: 36 });
    expect(graduateLength(UK_RULES, "2027-01-01")).toMatchObject({ months: 18, doctoralMonths: 36 });
    expect(graduateLength(UK_RULES, "2027-01-02")).toMatchObject({ months: 18, doctoralMonths: 36 });
    expect(graduateLength(UK_RULES, "2021-06-30")).toBeNull();
  });

  it("cites the statement of changes that made the 18 months, not the collection of every statement", () => {
    expect(graduateLength(UK_RULES, "2027-01-01")!.source.url).toBe(
      "https://www.gov.uk/government/publications/statement-of-changes-to-the-immigration-rules-hc-1333-14-october-2025",
    );
  });
});

describe("monthsLater", () => {
  it("keeps the day of the month, or takes the month's last day", () => {
    expect(monthsLater("2027-01-31", 18)).toBe("2028-07-31");
    expect(monthsLater("2027-10-31", 18)).toBe("2029-04-30");
    expect(monthsLater("2026-02-28", 24)).toBe("2028-02-28");
  });
});

describe("visaClock for a Student visa", () => {
  it("dates the course's end, the Graduate window, the change of length inside it and the latest end of a Graduate visa", () => {
    const clock = visaClock(student());
    const m = byId(clock);
    expect(m["course-end"]!.date).toBe("2026-09-30");
    // Completion is reported about four weeks after the course ends: 30 September + 28 days.
    expect(m["graduate-window-opens"]).toMatchObject({ date: "2026-10-28", estimated: true });
    // The four weeks are ours, and the page says so.
    expect(m["graduate-window-opens"]!.detail).toContain(
      "This date is our estimate, not an official rule: universities often report about 4 weeks after the course ends, so ask yours.",
    );
    expect(m["student-visa-end"]!.date).toBe("2027-01-31");
    // Applying by 31 December 2026 gives two years; applying after, 18 months.
    expect(m["graduate-length-changes"]).toMatchObject({
      date: "2026-12-31",
      title: "Apply by today for 2 years on the Graduate route",
    });
    // Applied for on the Student visa's last day (after the change): 31 January 2027 + 18 months.
    expect(m["graduate-visa-end"]).toMatchObject({ date: "2028-07-31", estimated: true });
    expect(clock.daysLeft).toBe(67);
    expect(clock.warnings).toEqual([
      "Apply for the Graduate route by 31 December 2026 to get 2 years: from 1 January 2027 it is 18 months.",
      "Your Student visa ends in 67 days, on 31 January 2027. Apply for the Graduate route or switch to a Skilled Worker visa before then. We warn from 90 days before a visa ends: our own reminder, not an official deadline.",
    ]);
    expect(clock.milestones.map((x) => x.date)).toEqual([...clock.milestones.map((x) => x.date)].sort());
  });

  it("has no change of length when the whole window is after 1 January 2027, or for a doctorate", () => {
    const later = byId(visaClock(student({ visaExpiry: "2027-10-31", courseEnd: "2027-06-30" })));
    expect(later["graduate-length-changes"]).toBeUndefined();
    expect(later["graduate-visa-end"]!.date).toBe("2029-04-30");
    const doctorate = visaClock(student({ level: "postgraduate_research" }));
    expect(byId(doctorate)["graduate-length-changes"]).toBeUndefined();
    // Three years from 31 January 2027.
    expect(byId(doctorate)["graduate-visa-end"]!.date).toBe("2030-01-31");
  });

  it("gives two years to a window that closes on 31 December 2026, and none of the change", () => {
    const clock = byId(visaClock(student({ visaExpiry: "2026-12-31" })));
    expect(clock["graduate-length-changes"]).toBeUndefined();
    expect(clock["graduate-visa-end"]!.date).toBe("2028-12-31");
  });

  it("warns when the course ends after the visa, and when the visa has passed", () => {
    expect(visaClock(student({ courseEnd: "2027-03-31" })).warnings[0]).toBe(
      "Your course ends (31 March 2027) after your Student visa does (31 January 2027): you could not apply for the Graduate route in time. Check both dates, and speak to your university's visa advisers about extending your Student visa.",
    );
    const expired = visaClock(student({ visaExpiry: "2026-11-24" }));
    expect(expired.daysLeft).toBe(-1);
    expect(expired.warnings[0]).toMatch(/^The visa end date in your profile, 24 November 2026, has passed\./);
    expect(byId(expired)["graduate-length-changes"]).toBeUndefined();
  });

  it("says what it needs when the profile lacks dates", () => {
    const clock = visaClock({
      visaType: "student",
      visaExpiry: null,
      courseEnd: null,
      level: null,
      today: "2026-11-25",
    });
    expect(clock.missing).toEqual(["visaExpiry", "courseEnd", "level"]);
    expect(clock.milestones).toEqual([]);
    expect(
      visaClock({ visaType: null, visaExpiry: null, courseEnd: null, level: null, today: "2026-11-25" }).missing,
    ).toEqual(["visaType", "visaExpiry"]);
    expect(
      visaClock({ visaType: "none_needed", visaExpiry: null, courseEnd: null, level: null, today: "2026-11-25" }),
    ).toMatchObject({ missing: [], milestones: [], daysLeft: null });
  });
});

describe("visaClock for a Graduate visa", () => {
  it("dates the last day to switch to Skilled Worker, and warns within 90 days", () => {
    const clock = visaClock({
      visaType: "graduate",
      visaExpiry: "2027-02-01",
      courseEnd: null,
      level: null,
      today: "2026-11-25",
    });
    expect(clock.milestones).toEqual([
      expect.objectContaining({ id: "graduate-visa-end", date: "2027-02-01", estimated: false }),
    ]);
    expect(clock.daysLeft).toBe(68);
    expect(clock.warnings).toEqual([
      "Your Graduate visa ends in 68 days, on 1 February 2027: a switch to a Skilled Worker visa must be applied for before then. We warn from 90 days before a visa ends: our own reminder, not an official deadline.",
    ]);
  });
});
