import { randomUUID } from "node:crypto";
import { aliasedTable, and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  type Appointment,
  adviserOffers,
  appointmentTypes,
  appointments,
  careersAdvisers,
  universities,
  users,
} from "~/db/schema";
import { FormRefusal } from "~/lib/public-form.server";
import { type FreeTime, type Held, adviserTimes, freeTimes } from "./slots";

export const TAKEN = "That time has just been taken. Choose another time.";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Pick<Db, "select">;

/** An active type of the university's, or null (another university's type is no type at all). */
async function typeOf(db: Reader, universityId: number, typeId: number) {
  const [type] = await db
    .select()
    .from(appointmentTypes)
    .where(
      and(
        eq(appointmentTypes.id, typeId),
        eq(appointmentTypes.universityId, universityId),
        eq(appointmentTypes.active, true),
      ),
    );
  return type ?? null;
}

/** The university's active advisers offering the type (or the one asked for), with how they offer it. */
async function advisersOffering(db: Reader, universityId: number, typeId: number, adviserUserId?: number | null) {
  return db
    .select({ adviser: careersAdvisers, mode: adviserOffers.mode, location: adviserOffers.location })
    .from(careersAdvisers)
    .innerJoin(adviserOffers, eq(adviserOffers.adviserUserId, careersAdvisers.userId))
    .where(
      and(
        eq(careersAdvisers.universityId, universityId),
        eq(careersAdvisers.active, true),
        eq(adviserOffers.typeId, typeId),
        adviserUserId ? eq(careersAdvisers.userId, adviserUserId) : undefined,
      ),
    )
    .orderBy(asc(careersAdvisers.userId));
}

/** The booked appointments still to end of these advisers, or of one student. */
async function heldBy(
  db: Reader,
  who: { advisers: number[] } | { student: number },
  now: Date,
): Promise<(Held & { adviserUserId: number })[]> {
  const whose =
    "student" in who
      ? eq(appointments.studentUserId, who.student)
      : who.advisers.length
        ? inArray(appointments.adviserUserId, who.advisers)
        : sql`false`;
  return db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt, adviserUserId: appointments.adviserUserId })
    .from(appointments)
    .where(and(whose, eq(appointments.status, "booked"), gt(appointments.endsAt, now)));
}

/**
 * The times a student of `universityId` may book for a type, across its advisers (or the one chosen):
 * null when the type is not one of the university's.
 */
export async function timesFor(
  db: Db,
  input: { universityId: number; studentUserId: number; typeId: number; adviserUserId?: number | null },
  now: Date,
): Promise<{ minutes: number; times: FreeTime[] } | null> {
  const type = await typeOf(db, input.universityId, input.typeId);
  if (!type) return null;
  const offering = await advisersOffering(db, input.universityId, type.id, input.adviserUserId);
  const held = await heldBy(db, { advisers: offering.map((o) => o.adviser.userId) }, now);
  const studentHeld = await heldBy(db, { student: input.studentUserId }, now);
  const advisers = offering.map((o) => ({
    ...o.adviser,
    held: held.filter((h) => h.adviserUserId === o.adviser.userId),
  }));
  return { minutes: type.minutes, times: freeTimes(advisers, type.minutes, now, studentHeld) };
}

export type BookingRequest = {
  universityId: number;
  studentUserId: number;
  typeId: number;
  /** The adviser the student chose; without one, any adviser free at the time. */
  adviserUserId?: number | null;
  start: Date;
  note: string | null;
  timeZone: string;
};

/**
 * Books one appointment in one transaction. The student's row is locked first and then each candidate
 * adviser's (always in that order, so two bookings never wait on each other in a circle): a second
 * booking of an overlapping time, or a student's booking past the university's limit, waits for the
 * first to commit and then finds the time held. Refusals are FormRefusals (409 for a time taken
 * meanwhile or a limit reached, 422 for a time never offered).
 */
export async function bookAppointment(db: Db, request: BookingRequest, now: Date): Promise<Appointment> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${request.studentUserId} for update`);
    const [university] = await tx
      .select({ limit: universities.appointmentLimit })
      .from(universities)
      .where(eq(universities.id, request.universityId));
    const type = university ? await typeOf(tx, request.universityId, request.typeId) : null;
    if (!university || !type)
      throw new FormRefusal(422, "Choose one of the kinds of appointment offered.", {
        type: "Choose a kind of appointment",
      });
    const studentHeld = await heldBy(tx, { student: request.studentUserId }, now);
    if (studentHeld.length >= university.limit)
      throw new FormRefusal(
        409,
        `You already have ${studentHeld.length} appointments booked, the most your careers service takes at once. Cancel one to book another.`,
      );
    const end = new Date(request.start.getTime() + type.minutes * 60_000);
    if (studentHeld.some((h) => h.startsAt < end && request.start < h.endsAt))
      throw new FormRefusal(409, "You already have an appointment at that time.", { start: "Choose another time" });
    let offered = false;
    for (const { adviser, mode, location } of await advisersOffering(
      tx,
      request.universityId,
      type.id,
      request.adviserUserId,
    )) {
      await lockAdviser(tx, adviser.userId);
      const held = await heldBy(tx, { advisers: [adviser.userId] }, now);
      const times = adviserTimes(adviser, type.minutes, now, []);
      if (!times.some((t) => t.start.getTime() === request.start.getTime())) continue;
      offered = true;
      if (held.some((h) => h.startsAt < end && request.start < h.endsAt)) continue;
      const [row] = await tx
        .insert(appointments)
        .values({
          universityId: request.universityId,
          adviserUserId: adviser.userId,
          studentUserId: request.studentUserId,
          typeId: type.id,
          uid: `appointment-${randomUUID()}@career-platform`,
          startsAt: request.start,
          endsAt: end,
          mode,
          location,
          note: request.note,
          timeZone: request.timeZone,
        })
        .returning();
      return row!;
    }
    if (offered) throw new FormRefusal(409, TAKEN, { start: TAKEN });
    throw new FormRefusal(422, "That time is not offered. Choose one of the times shown.", {
      start: "Choose one of the times shown",
    });
  });
}

async function lockAdviser(tx: Tx, userId: number) {
  await tx.execute(sql`select user_id from careers_advisers where user_id = ${userId} for update`);
}

/** The university's active kinds of appointment that at least one active adviser offers, with those advisers by name. */
export async function kindsOffered(db: Db, universityId: number) {
  const rows = await db
    .select({ type: appointmentTypes, adviser: { userId: users.id, name: users.name } })
    .from(appointmentTypes)
    .innerJoin(adviserOffers, eq(adviserOffers.typeId, appointmentTypes.id))
    .innerJoin(
      careersAdvisers,
      and(eq(careersAdvisers.userId, adviserOffers.adviserUserId), eq(careersAdvisers.active, true)),
    )
    .innerJoin(users, eq(users.id, careersAdvisers.userId))
    .where(and(eq(appointmentTypes.universityId, universityId), eq(appointmentTypes.active, true)))
    .orderBy(asc(appointmentTypes.name), asc(users.name));
  const kinds = new Map<number, (typeof rows)[number]["type"] & { advisers: { userId: number; name: string }[] }>();
  for (const { type, adviser } of rows) {
    if (!kinds.has(type.id)) kinds.set(type.id, { ...type, advisers: [] });
    kinds.get(type.id)!.advisers.push(adviser);
  }
  return [...kinds.values()];
}

const adviserUser = aliasedTable(users, "adviser_user");

/** A student's booked appointments still to come, soonest first, with until when they may cancel one here. */
export async function studentAppointments(db: Db, studentUserId: number, now: Date) {
  const rows = await db
    .select({
      appointment: appointments,
      kind: appointmentTypes.name,
      adviser: adviserUser.name,
      noticeHours: careersAdvisers.noticeHours,
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(careersAdvisers, eq(careersAdvisers.userId, appointments.adviserUserId))
    .innerJoin(adviserUser, eq(adviserUser.id, appointments.adviserUserId))
    .where(
      and(
        eq(appointments.studentUserId, studentUserId),
        eq(appointments.status, "booked"),
        gt(appointments.endsAt, now),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  return rows.map((r) => ({
    ...r.appointment,
    kind: r.kind,
    adviser: r.adviser,
    cancellableUntil: new Date(r.appointment.startsAt.getTime() - r.noticeHours * 3_600_000),
  }));
}

/**
 * Cancels a student's own booked appointment, up to the adviser's notice before it starts; another
 * student's, a past one or one cancelled already is not found.
 */
export async function cancelAppointment(
  db: Db,
  studentUserId: number,
  id: number,
  now: Date,
): Promise<"cancelled" | "not-found" | "too-late"> {
  const [found] = (await studentAppointments(db, studentUserId, now)).filter((a) => a.id === id);
  if (!found || found.startsAt <= now) return "not-found";
  if (found.cancellableUntil <= now) return "too-late";
  const [row] = await db
    .update(appointments)
    .set({ status: "cancelled", sequence: found.sequence + 1, endedAt: now })
    .where(
      and(eq(appointments.id, id), eq(appointments.studentUserId, studentUserId), eq(appointments.status, "booked")),
    )
    .returning({ id: appointments.id });
  return row ? "cancelled" : "not-found";
}

/**
 * The dashboard's "Careers adviser" panel: the student's next appointment, and whether their careers
 * service takes bookings here at all (null: it does not and they have none, so there is no panel).
 */
export async function adviserPanel(db: Db, student: { id: number; universityId: number | null }, now: Date) {
  if (student.universityId === null) return null;
  const [next] = await studentAppointments(db, student.id, now);
  const offered = next ? true : (await kindsOffered(db, student.universityId)).length > 0;
  if (!offered) return null;
  return next ? { next: { kind: next.kind, adviser: next.adviser, startsAt: next.startsAt } } : { next: null };
}
