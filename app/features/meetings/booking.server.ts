import { randomUUID } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type MeetingBooking, meetingBookings } from "~/db/schema";
import { composeEmail } from "~/features/email";
import type { OutgoingEmail, Outbox } from "~/features/email/index.server";
import { calendarFile } from "~/lib/icalendar";
import { FormRefusal } from "~/lib/public-form.server";
import type { Limit } from "~/lib/rate-limit";
import type { Signer } from "~/lib/signer.server";
import { TEAM_AVAILABILITY } from "./availability";
import { BOOK_PATH } from "./paths";
import { ROLE_LABELS } from "./labels";
import type { BookingInput } from "./schema";
import { type Slot, openSlots, slotLabel } from "./slots";

/** Bookings each client address may make in an hour, and each email address in a day. */
export const BOOKING_LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };
export const BOOKING_EMAIL_LIMIT: Limit = { max: 3, windowSeconds: 24 * 60 * 60 };
/** Cancelling or moving through signed links, per client address. */
export const MANAGE_LIMIT: Limit = { max: 10, windowSeconds: 60 * 60 };

export const TAKEN = "That slot has just been taken. Choose another time.";

export type MeetingDeps = { db: Db; outbox: Outbox; links: Signer; origin: string; teamEmail: string; now: Date };

/** The slots open to book now: the team's hours less the ones already booked. */
export async function freeSlots(db: Db, now: Date): Promise<Slot[]> {
  const booked = await db
    .select({ startsAt: meetingBookings.startsAt })
    .from(meetingBookings)
    .where(and(eq(meetingBookings.status, "booked"), gte(meetingBookings.startsAt, now)));
  const taken = new Set(booked.map((b) => b.startsAt.getTime()));
  return openSlots(TEAM_AVAILABILITY, now).filter((s) => !taken.has(s.start.getTime()));
}

/** The slot starting at `start`, if the team's hours have one open at `now` (booked or not). */
function slotAt(start: Date, now: Date): Slot | null {
  return openSlots(TEAM_AVAILABILITY, now).find((s) => s.start.getTime() === start.getTime()) ?? null;
}

/** The booking's own page: where its emails send the person to cancel or move it. */
export const manageUrl = (deps: Pick<MeetingDeps, "links" | "origin">, id: number) =>
  `${deps.origin}${BOOK_PATH}?booking=${id}&sig=${deps.links.sign(`booking:${id}`)}`;

/** The booking a signed link names, or null when the signature does not match. */
export async function bookingOf(db: Db, links: Signer, id: number, sig: string | null): Promise<MeetingBooking | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || !links.verify(`booking:${id}`, sig)) return null;
  const [row] = await db.select().from(meetingBookings).where(eq(meetingBookings.id, id));
  return row ?? null;
}

/** The booking as a calendar file: the same event (UID) through every change, with a reminder. */
export function meetingCalendar(b: MeetingBooking, deps: Pick<MeetingDeps, "links" | "origin" | "now">): string {
  return calendarFile({
    product: "Meetings",
    method: b.status === "booked" ? "PUBLISH" : "CANCEL",
    now: deps.now,
    events: [
      {
        uid: b.uid,
        sequence: b.sequence,
        cancelled: b.status !== "booked",
        when: { start: b.startsAt, end: b.endsAt },
        summary: "Meeting with the Career Platform team",
        description: `${b.topic ? `About: ${b.topic}\n` : ""}Online: a member of the team sends you the link to join before the meeting.\nTo cancel or move it: ${manageUrl(deps, b.id)}`,
        url: manageUrl(deps, b.id),
        alarms: ["PT1H"],
      },
    ],
  });
}

type Change = "booked" | "moved" | "cancelled";
const SUBJECTS: Record<Change, string> = {
  booked: "Your meeting with the Career Platform team is booked",
  moved: "Your meeting with the Career Platform team has moved",
  cancelled: "Your meeting with the Career Platform team is cancelled",
};

/** The emails of a change: to the person (their time zone, with the calendar file) and to the team. */
function emailsOf(change: Change, b: MeetingBooking, deps: MeetingDeps): OutgoingEmail[] {
  const slot = { start: b.startsAt, end: b.endsAt };
  const when = slotLabel(slot, b.timeZone);
  const london = b.timeZone === TEAM_AVAILABILITY.timeZone ? null : slotLabel(slot, TEAM_AVAILABILITY.timeZone);
  const calendar = {
    filename: change === "cancelled" ? "meeting-cancelled.ics" : "meeting.ics",
    contentType: `text/calendar; charset=utf-8; method=${change === "cancelled" ? "CANCEL" : "PUBLISH"}`,
    content: meetingCalendar(b, deps),
  };
  const person = composeEmail({
    subject: SUBJECTS[change],
    greeting: `Hello ${b.name},`,
    paragraphs:
      change === "cancelled"
        ? [
            `Your meeting on ${when} is cancelled. The calendar file attached removes it from your calendar.`,
            "You are welcome to book another time whenever it suits you.",
          ]
        : [
            `${change === "moved" ? "Your meeting has moved to" : "Your meeting is booked for"} ${when}.`,
            ...(london ? [`That is ${london} for us.`] : []),
            "It is online: a member of the team sends you the link to join before the meeting. The calendar file attached adds it to your calendar.",
          ],
    action:
      change === "cancelled"
        ? { label: "Book another time", url: `${deps.origin}${BOOK_PATH}` }
        : { label: "Cancel or move the meeting", url: manageUrl(deps, b.id) },
    after:
      change === "cancelled"
        ? []
        : ["Anyone with this email's link can cancel or move the meeting: keep it to yourself."],
  });
  const team = composeEmail({
    subject: `Meeting ${change}: ${b.name}, ${slotLabel(slot, TEAM_AVAILABILITY.timeZone)}`,
    greeting: "Hello team,",
    paragraphs: [
      `${b.name} (${b.email}) ${change === "booked" ? "booked" : change === "moved" ? "moved their meeting to" : "cancelled their meeting on"} ${slotLabel(slot, TEAM_AVAILABILITY.timeZone)}.`,
      `${ROLE_LABELS[b.role]}${b.organisation ? `, ${b.organisation}` : ""}. Their time zone: ${b.timeZone}.`,
      ...(b.topic ? [`What they want to talk about: ${b.topic}`] : []),
    ],
  });
  return [
    { kind: `meeting.${change}`, to: b.email, universityId: null, email: person, attachments: [calendar] },
    { kind: `meeting.${change}.team`, to: deps.teamEmail, universityId: null, email: team, attachments: [calendar] },
  ];
}

/** Thrown inside a transaction to undo it when the slot is taken after all. */
class SlotTaken extends Error {}

/**
 * Books `input.slot` for the person: one INSERT that the unique index over booked slots lets
 * through for one request only, however many arrive together; the others are told the slot has
 * just been taken (409). The emails are queued in the same transaction.
 */
export async function bookMeeting(deps: MeetingDeps, input: BookingInput): Promise<{ next: string }> {
  const slot = slotAt(input.slot, deps.now);
  if (!slot)
    throw new FormRefusal(422, "That time is no longer open to book. Choose another time.", {
      slot: "Choose one of the times shown",
    });
  try {
    const booking = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(meetingBookings)
        .values({
          uid: `meeting-${randomUUID()}@career-platform`,
          startsAt: slot.start,
          endsAt: slot.end,
          name: input.name,
          email: input.email,
          organisation: input.organisation || null,
          role: input.role,
          topic: input.topic || null,
          timeZone: input.tz,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new SlotTaken();
      await deps.outbox.queueMany(tx, emailsOf("booked", row, deps));
      return row;
    });
    deps.outbox.flush();
    return { next: `${manageUrl({ ...deps, origin: "" }, booking.id)}&done=booked` };
  } catch (error) {
    if (error instanceof SlotTaken) throw new FormRefusal(409, TAKEN, { slot: TAKEN });
    throw error;
  }
}

/** Cancels a booked meeting (the signed link's page); a past or already ended one is left alone. */
export async function cancelMeeting(deps: MeetingDeps, booking: MeetingBooking): Promise<boolean> {
  if (booking.status !== "booked" || booking.startsAt <= deps.now) return false;
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(meetingBookings)
      .set({ status: "cancelled", sequence: booking.sequence + 1, endedAt: deps.now })
      .where(and(eq(meetingBookings.id, booking.id), eq(meetingBookings.status, "booked")))
      .returning();
    if (row) await deps.outbox.queueMany(tx, emailsOf("cancelled", row, deps));
    return Boolean(row);
  });
  if (done) deps.outbox.flush();
  return done;
}

/**
 * Moves a booked meeting to another slot: a new booking of the same calendar event (its UID, the
 * next sequence) and the old one marked moved, together or not at all. A slot taken meanwhile
 * leaves the meeting where it was.
 */
export async function moveMeeting(deps: MeetingDeps, booking: MeetingBooking, start: Date): Promise<{ next: string }> {
  if (booking.status !== "booked" || booking.startsAt <= deps.now)
    throw new FormRefusal(410, "This meeting can no longer be moved: book a new one instead.");
  const slot = slotAt(start, deps.now);
  if (!slot)
    throw new FormRefusal(422, "That time is no longer open to book. Choose another time.", {
      slot: "Choose one of the times shown",
    });
  if (slot.start.getTime() === booking.startsAt.getTime())
    return { next: `${manageUrl({ ...deps, origin: "" }, booking.id)}` };
  try {
    const moved = await deps.db.transaction(async (tx) => {
      const [old] = await tx
        .update(meetingBookings)
        .set({ status: "moved", endedAt: deps.now })
        .where(and(eq(meetingBookings.id, booking.id), eq(meetingBookings.status, "booked")))
        .returning();
      if (!old) throw new FormRefusal(410, "This meeting has already been cancelled or moved.");
      const { id: _id, createdAt: _createdAt, endedAt: _endedAt, status: _status, ...kept } = old;
      const [row] = await tx
        .insert(meetingBookings)
        .values({ ...kept, startsAt: slot.start, endsAt: slot.end, sequence: old.sequence + 1 })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new SlotTaken();
      await deps.outbox.queueMany(tx, emailsOf("moved", row, deps));
      return row;
    });
    deps.outbox.flush();
    return { next: `${manageUrl({ ...deps, origin: "" }, moved.id)}&done=moved` };
  } catch (error) {
    if (error instanceof SlotTaken) throw new FormRefusal(409, TAKEN, { slot: TAKEN });
    throw error;
  }
}
