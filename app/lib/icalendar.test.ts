import { describe, expect, it } from "vitest";
import { calendarFile, escapeText } from "./icalendar";

describe("escapeText", () => {
  it("escapes every line break, CRLF, LF and a lone CR alike, so no text starts a property of its own", () => {
    expect(escapeText("one\r\ntwo\nthree\rATTENDEE:mailto:x@example.test")).toBe(
      "one\\ntwo\\nthree\\nATTENDEE:mailto:x@example.test",
    );
    const ics = calendarFile({
      product: "Workshops",
      now: new Date("2026-11-25T09:00:00Z"),
      events: [{ uid: "u@x", when: { day: "2026-12-01" }, summary: "Title\rORGANIZER:mailto:eve@example.test" }],
    });
    // The file's only CRs are those of its own line ends.
    expect(ics.replace(/\r\n/g, "")).not.toContain("\r");
  });
});

describe("calendarFile", () => {
  const event = {
    uid: "workshop-7@career-platform",
    when: { start: new Date("2026-12-02T14:00:00Z"), end: new Date("2026-12-02T15:30:00Z") },
    summary: "CV clinic; bring yours, please",
    description: `First line\n${"Ünïcødé ".repeat(20)}`,
    location: "Careers Centre, Room 2",
    url: "https://careers.example/workshop-and-webinars/registration?registration=3&sig=abc",
    alarms: ["P1D", "PT1H"],
    sequence: 2,
  };

  it("writes a timed event in UTC with its sequence and reminders, in CRLF lines of at most 75 octets folded between characters", () => {
    const ics = calendarFile({ product: "Workshops", now: new Date("2026-11-25T09:00:00Z"), events: [event] });
    const lines = ics.split("\r\n");
    expect(lines.slice(0, 5)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Career Platform//Workshops//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
    ]);
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain(
      "UID:workshop-7@career-platform\r\nDTSTAMP:20261125T090000Z\r\nDTSTART:20261202T140000Z\r\nDTEND:20261202T153000Z\r\n",
    );
    expect(unfolded).toContain("SUMMARY:CV clinic\\; bring yours\\, please\r\n");
    expect(unfolded).toContain(`DESCRIPTION:First line\\n${"Ünïcødé ".repeat(20)}\r\n`);
    expect(unfolded).toContain("LOCATION:Careers Centre\\, Room 2\r\n");
    expect(unfolded).toContain("SEQUENCE:2\r\n");
    expect(unfolded.match(/BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-(P1D|PT1H)\r\n/g)).toHaveLength(2);
    expect(unfolded).not.toContain("STATUS:CANCELLED");
  });

  it("cancels the same event by its UID", () => {
    const ics = calendarFile({
      product: "Workshops",
      method: "CANCEL",
      now: new Date("2026-11-25T09:00:00Z"),
      events: [{ ...event, sequence: 3, cancelled: true }],
    });
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("METHOD:CANCEL\r\n");
    expect(unfolded).toContain("UID:workshop-7@career-platform\r\n");
    expect(unfolded).toContain("SEQUENCE:3\r\nSTATUS:CANCELLED\r\n");
  });
});
