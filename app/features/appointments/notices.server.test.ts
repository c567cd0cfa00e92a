import { describe, expect, it } from "vitest";
import type { Appointment } from "~/db/schema";
import { type AppointmentDetails, appointmentEmails, appointmentReminder } from "./notices.server";

const NOW = new Date("2026-11-30T08:00:00Z");
// Tuesday 1 December 2026, 15:00 to 15:30 in London: 10:00 in Toronto, 15:00 for the adviser.
const APPOINTMENT: Appointment = {
  id: 7,
  universityId: 3,
  adviserUserId: 11,
  studentUserId: 12,
  typeId: 5,
  uid: "appointment-1234@career-platform",
  sequence: 0,
  startsAt: new Date("2026-12-01T15:00:00Z"),
  endsAt: new Date("2026-12-01T15:30:00Z"),
  mode: "online",
  location: "https://meet.example/careers",
  note: "My CV for graduate schemes",
  timeZone: "America/Toronto",
  status: "booked",
  noShow: false,
  adviserNotes: "Private: follow up about the Graduate route",
  remindedAt: null,
  createdAt: NOW,
  endedAt: null,
};
const DETAILS: AppointmentDetails = {
  kind: "CV review",
  student: { name: "Aisha Khan", email: "aisha@example.test" },
  adviser: { name: "Sarah Whitfield", email: "sarah@uni.example", timeZone: "Europe/London", noticeHours: 24 },
  university: { name: "Harbour University", brandColour: "#0b5394" },
};
const deps = { origin: "https://careers.example", now: NOW };
const calendarOf = (email: ReturnType<typeof appointmentEmails>[number]) => email.attachments![0]!;

describe("an appointment's emails", () => {
  it("confirms a booking to the student in their time zone, with the kind, adviser, where, their note, a link and a calendar file", () => {
    const [student, adviser] = appointmentEmails("booked", APPOINTMENT, DETAILS, deps);
    expect(student!.to).toBe("aisha@example.test");
    expect(student!.email.subject).toBe("Your CV review is booked");
    const text = student!.email.text;
    expect(text).toContain("Harbour University");
    expect(text).toContain("Hello Aisha,");
    expect(text).toContain(
      "Your CV review with Sarah Whitfield is booked for Tuesday 1 December 2026, 10:00 to 10:30 (America/Toronto).",
    );
    expect(text).toContain("It is online: join at https://meet.example/careers");
    expect(text).toContain("What you would like help with: My CV for graduate schemes");
    // The adviser's notice is 24 hours: until Monday 10:00 in Toronto.
    expect(text).toContain("until Monday 30 November 2026, 10:00.");
    expect(text).toContain("Your appointments: https://careers.example/appointments");
    const calendar = calendarOf(student!);
    expect(calendar.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(calendar.content).toContain("UID:appointment-1234@career-platform\r\n");
    expect(calendar.content).toContain("SEQUENCE:0\r\n");
    expect(calendar.content).toContain("DTSTART:20261201T150000Z\r\n");
    expect(calendar.content).toContain("SUMMARY:CV review with Sarah Whitfield\r\n");

    expect(adviser!.to).toBe("sarah@uni.example");
    expect(adviser!.email.subject).toBe(
      "Appointment booked: CV review with Aisha Khan, Tuesday 1 December 2026, 15:00 to 15:30 (Europe/London)",
    );
    expect(adviser!.email.text).toContain("Aisha Khan (aisha@example.test) booked a CV review with you");
    expect(adviser!.email.text).toContain("What they would like help with: My CV for graduate schemes");
    expect(calendarOf(adviser!).content).toContain("UID:appointment-1234@career-platform\r\n");
    expect(calendarOf(adviser!).content).toContain("SUMMARY:CV review with Aisha Khan\r\n");
    // The careers service's own notes go nowhere.
    for (const email of [student!, adviser!])
      expect(JSON.stringify(email)).not.toContain("follow up about the Graduate route");
  });

  it("cancels the same calendar event at its next sequence, for both", () => {
    const cancelled = { ...APPOINTMENT, status: "cancelled" as const, sequence: 1 };
    const [student, adviser] = appointmentEmails("cancelled", cancelled, DETAILS, deps);
    expect(student!.email.subject).toBe("Your CV review is cancelled");
    expect(student!.email.text).toContain("Book another appointment: https://careers.example/appointments");
    for (const email of [student!, adviser!]) {
      const calendar = calendarOf(email);
      expect(calendar.filename).toBe("appointment-cancelled.ics");
      expect(calendar.content).toContain("METHOD:CANCEL\r\n");
      expect(calendar.content).toContain("UID:appointment-1234@career-platform\r\n");
      expect(calendar.content).toContain("SEQUENCE:1\r\n");
      expect(calendar.content).toContain("STATUS:CANCELLED\r\n");
    }
    expect(adviser!.email.text).toContain("Aisha Khan (aisha@example.test) cancelled their CV review with you");
  });

  it("tells both of a move, and reminds the student the day before, in their time zone", () => {
    const [student, adviser] = appointmentEmails("moved", { ...APPOINTMENT, sequence: 1 }, DETAILS, deps);
    expect(student!.email.subject).toBe("Your CV review has moved");
    expect(student!.email.text).toContain("has moved to Tuesday 1 December 2026, 10:00 to 10:30 (America/Toronto).");
    expect(calendarOf(student!).content).toContain("METHOD:PUBLISH\r\n");
    expect(calendarOf(student!).content).toContain("SEQUENCE:1\r\n");
    expect(adviser!.email.subject).toMatch(/^Appointment moved: CV review with Aisha Khan, /);

    const reminder = appointmentReminder(APPOINTMENT, DETAILS, deps);
    expect(reminder).toMatchObject({ kind: "appointment.reminder", to: "aisha@example.test" });
    expect(reminder.email.subject).toBe("Tomorrow: your CV review with Sarah Whitfield");
    expect(reminder.email.text).toContain("on Tuesday 1 December 2026, 10:00 to 10:30 (America/Toronto).");
    expect(reminder.email.text).toContain("Your appointments: https://careers.example/appointments");
  });

  it("says where an appointment in person is", () => {
    const [student] = appointmentEmails(
      "booked",
      { ...APPOINTMENT, mode: "in-person", location: "Careers Centre, room 2.14" },
      DETAILS,
      deps,
    );
    expect(student!.email.text).toContain("It is in person, at Careers Centre, room 2.14.");
    expect(calendarOf(student!).content).toContain("LOCATION:Careers Centre\\, room 2.14\r\n");
  });
});
