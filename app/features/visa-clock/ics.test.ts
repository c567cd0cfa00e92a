import { describe, expect, it } from "vitest";
import { visaCalendar } from "./ics";

describe("visaCalendar", () => {
  const ics = visaCalendar(
    [
      {
        id: "student-visa-end",
        date: "2027-01-31",
        title: "Your Student visa ends",
        detail: "The last day to apply; switch, or leave.",
        source: { title: "GOV.UK", url: "https://www.gov.uk/graduate-visa" },
        estimated: false,
      },
      {
        id: "graduate-visa-end",
        date: "2028-07-31",
        title: "A Graduate visa would end about now",
        detail: "x".repeat(120),
        source: null,
        estimated: true,
      },
    ],
    { uidPrefix: "u42", host: "careers.example", now: new Date("2026-11-25T10:30:00Z") },
  );
  const unfolded = ics.replace(/\r\n /g, "");

  it("writes an all-day event with two reminders for each milestone, in CRLF lines of at most 75 octets", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(unfolded).toContain(
      "UID:u42-student-visa-end@careers.example\r\nDTSTAMP:20261125T103000Z\r\nDTSTART;VALUE=DATE:20270131\r\nDTEND;VALUE=DATE:20270201\r\n",
    );
    expect(unfolded).toContain("SUMMARY:Your Student visa ends\r\n");
    expect(unfolded).toContain(
      "DESCRIPTION:The last day to apply\\; switch\\, or leave.\\nOfficial page: https://www.gov.uk/graduate-visa\r\n",
    );
    expect(unfolded).toContain(`DESCRIPTION:${"x".repeat(120)}\\nThis date is an estimate.\r\n`);
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfolded.match(/TRIGGER:-P30D\r\n/g)).toHaveLength(2);
    expect(unfolded.match(/TRIGGER:-P7D\r\n/g)).toHaveLength(2);
  });
});
