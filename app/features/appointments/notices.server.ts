import { aliasedTable, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type Appointment, appointmentTypes, appointments, careersAdvisers, universities, users } from "~/db/schema";
import { brandOf } from "~/features/accounts/index.server";
import { composeEmail, greetingFor } from "~/features/email";
import type { OutgoingEmail, Outbox } from "~/features/email/index.server";
import { slotLabel } from "~/features/meetings";
import { type CalendarEvent, calendarFile } from "~/lib/icalendar";
import { dayLabel, zonedParts } from "~/lib/time-zones";
import { APPOINTMENTS_PATH } from "./paths";

/** What a booking, a move or a cancellation needs: the database, where its emails go, the site's configured origin, and the time. */
export type AppointmentDeps = { db: Db; outbox: Outbox; origin: string; now: Date };
/** What the emails themselves need. */
type Deps = Pick<AppointmentDeps, "origin" | "now">;

/** Who and what an appointment's emails name, read once for all of them. */
export type AppointmentDetails = {
  kind: string;
  student: { name: string; email: string };
  adviser: { name: string; email: string; timeZone: string; noticeHours: number };
  university: { name: string; brandColour: string };
};

const studentUser = aliasedTable(users, "student_user");
const adviserUser = aliasedTable(users, "adviser_user");

/** The details of an appointment's emails, in one read. */
export async function detailsOf(db: Pick<Db, "select">, a: Appointment): Promise<AppointmentDetails> {
  const [row] = await db
    .select({
      kind: appointmentTypes.name,
      student: { name: studentUser.name, email: studentUser.email },
      adviser: {
        name: adviserUser.name,
        email: adviserUser.email,
        timeZone: careersAdvisers.timeZone,
        noticeHours: careersAdvisers.noticeHours,
      },
      university: { name: universities.name, brandColour: universities.brandColour },
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(studentUser, eq(studentUser.id, appointments.studentUserId))
    .innerJoin(careersAdvisers, eq(careersAdvisers.userId, appointments.adviserUserId))
    .innerJoin(adviserUser, eq(adviserUser.id, appointments.adviserUserId))
    .innerJoin(universities, eq(universities.id, appointments.universityId))
    .where(eq(appointments.id, a.id));
  return row!;
}

const slotOf = (a: Appointment) => ({ start: a.startsAt, end: a.endsAt });
const whereLine = (a: Appointment) =>
  a.mode === "online" ? `It is online: join at ${a.location}` : `It is in person, at ${a.location}.`;

/**
 * The appointment as one calendar event, for the student or the adviser: the same UID through every
 * change (a move raises the sequence, a cancellation is the next sequence, cancelled), so a calendar
 * that took the booking's file updates or removes that event. The student's links go to
 * /appointments on the configured origin; the adviser's notes are never in it.
 */
export function appointmentEvent(
  a: Appointment,
  d: AppointmentDetails,
  reader: "student" | "adviser",
  origin: string,
): CalendarEvent {
  const page = `${origin}${APPOINTMENTS_PATH}`;
  return {
    uid: a.uid,
    sequence: a.sequence,
    cancelled: a.status === "cancelled",
    when: { start: a.startsAt, end: a.endsAt },
    summary: `${d.kind} with ${reader === "student" ? d.adviser.name : d.student.name}`,
    description: [
      whereLine(a),
      a.note ? `${reader === "student" ? "Your note" : "Their note"}: ${a.note}` : "",
      reader === "student" ? `To move or cancel it: ${page}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    location: a.location,
    url: reader === "student" ? page : undefined,
    alarms: ["PT1H"],
  };
}

/** A calendar file of one appointment, as an email attachment: PUBLISH to add or update it, CANCEL to remove it. */
function calendarAttachment(a: Appointment, d: AppointmentDetails, reader: "student" | "adviser", deps: Deps) {
  const cancel = a.status === "cancelled";
  return {
    filename: cancel ? "appointment-cancelled.ics" : "appointment.ics",
    contentType: `text/calendar; charset=utf-8; method=${cancel ? "CANCEL" : "PUBLISH"}`,
    content: calendarFile({
      product: "Appointments",
      method: cancel ? "CANCEL" : "PUBLISH",
      now: deps.now,
      events: [appointmentEvent(a, d, reader, deps.origin)],
    }),
  };
}

type Change = "booked" | "moved" | "cancelled";

/**
 * The emails of a change to an appointment, each with its calendar file: to the student in the time
 * zone they booked in, with the kind, the adviser, where, their note and a link to /appointments; and a
 * notice to the adviser in theirs.
 */
export function appointmentEmails(change: Change, a: Appointment, d: AppointmentDetails, deps: Deps): OutgoingEmail[] {
  const brand = brandOf(d.university);
  const page = `${deps.origin}${APPOINTMENTS_PATH}`;
  const what = `${d.kind} with ${d.adviser.name}`;
  const when = slotLabel(slotOf(a), a.timeZone);
  const until = new Date(a.startsAt.getTime() - d.adviser.noticeHours * 3_600_000);
  const student = composeEmail(
    change === "cancelled"
      ? {
          subject: `Your ${d.kind} is cancelled`,
          greeting: greetingFor(d.student.name),
          paragraphs: [
            `Your ${what} on ${when} is cancelled. The calendar file attached removes it from your calendar.`,
            "You are welcome to book another time whenever it suits you.",
          ],
          action: { label: "Book another appointment", url: page },
        }
      : {
          subject: change === "moved" ? `Your ${d.kind} has moved` : `Your ${d.kind} is booked`,
          greeting: greetingFor(d.student.name),
          paragraphs: [
            `Your ${what} ${change === "moved" ? "has moved to" : "is booked for"} ${when}.`,
            whereLine(a),
            ...(a.note ? [`What you would like help with: ${a.note}`] : []),
            `The calendar file attached ${change === "moved" ? "moves it in" : "adds it to"} your calendar. You can move or cancel it on your appointments page until ${dayLabel(until, a.timeZone, true)}, ${zonedParts(until, a.timeZone).time}.`,
          ],
          action: { label: "Your appointments", url: page },
        },
    brand,
  );
  const forAdviser = slotLabel(slotOf(a), d.adviser.timeZone);
  const adviser = composeEmail(
    {
      subject: `Appointment ${change}: ${d.kind} with ${d.student.name}, ${forAdviser}`,
      greeting: greetingFor(d.adviser.name),
      paragraphs: [
        {
          booked: `${d.student.name} (${d.student.email}) booked a ${d.kind} with you for ${forAdviser}.`,
          moved: `${d.student.name} (${d.student.email}) moved their ${d.kind} with you to ${forAdviser}.`,
          cancelled: `${d.student.name} (${d.student.email}) cancelled their ${d.kind} with you on ${forAdviser}: the time is free again.`,
        }[change],
        ...(change === "cancelled"
          ? []
          : [whereLine(a), ...(a.note ? [`What they would like help with: ${a.note}`] : [])]),
        `The calendar file attached ${change === "cancelled" ? "removes it from" : change === "moved" ? "moves it in" : "adds it to"} your calendar.`,
      ],
    },
    brand,
  );
  return [
    {
      kind: `appointment.${change}`,
      to: d.student.email,
      universityId: a.universityId,
      email: student,
      attachments: [calendarAttachment(a, d, "student", deps)],
    },
    {
      kind: `appointment.${change}.adviser`,
      to: d.adviser.email,
      universityId: a.universityId,
      email: adviser,
      attachments: [calendarAttachment(a, d, "adviser", deps)],
    },
  ];
}

/** The reminder the day before, to the student, in their time zone. */
export function appointmentReminder(a: Appointment, d: AppointmentDetails, deps: Deps): OutgoingEmail {
  return {
    kind: "appointment.reminder",
    to: d.student.email,
    universityId: a.universityId,
    email: composeEmail(
      {
        subject: `Tomorrow: your ${d.kind} with ${d.adviser.name}`,
        greeting: greetingFor(d.student.name),
        paragraphs: [
          `A reminder of your ${d.kind} with ${d.adviser.name}, on ${slotLabel(slotOf(a), a.timeZone)}.`,
          whereLine(a),
          ...(a.note ? [`What you would like help with: ${a.note}`] : []),
          "If you cannot come after all, tell your careers service, so that someone else may have the time.",
        ],
        action: { label: "Your appointments", url: `${deps.origin}${APPOINTMENTS_PATH}` },
      },
      brandOf(d.university),
    ),
  };
}

/** Queues the emails of a change in the caller's transaction (the caller flushes the outbox once it commits). */
export async function queueAppointmentEmails(
  tx: Pick<Db, "select" | "insert">,
  change: Change,
  a: Appointment,
  deps: Pick<AppointmentDeps, "outbox" | "origin" | "now">,
) {
  await deps.outbox.queueMany(tx, appointmentEmails(change, a, await detailsOf(tx, a), deps));
}
