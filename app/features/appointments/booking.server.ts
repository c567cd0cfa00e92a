import { randomUUID } from "node:crypto";
import { type Placeholder, aliasedTable, and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
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
import { type AppointmentDeps, queueAppointmentEmails } from "./notices.server";
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

/** The booked appointments still to end of these advisers, or of one student, but for the one being moved (`except`). */
async function heldBy(
  db: Reader,
  who: { advisers: number[] } | { student: number },
  now: Date,
  except?: number,
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
    .where(
      and(
        whose,
        eq(appointments.status, "booked"),
        gt(appointments.endsAt, now),
        except ? ne(appointments.id, except) : undefined,
      ),
    );
}

/**
 * The times a student of `universityId` may book for a type, across its advisers (or the one chosen):
 * null when the type is not one of the university's. Moving an appointment (`moving`), its own time
 * holds neither the adviser nor the student.
 */
export async function timesFor(
  db: Db,
  input: {
    universityId: number;
    studentUserId: number;
    typeId: number;
    adviserUserId?: number | null;
    moving?: number;
  },
  now: Date,
): Promise<{ minutes: number; times: FreeTime[] } | null> {
  const type = await typeOf(db, input.universityId, input.typeId);
  if (!type) return null;
  const offering = await advisersOffering(db, input.universityId, type.id, input.adviserUserId);
  const held = await heldBy(db, { advisers: offering.map((o) => o.adviser.userId) }, now, input.moving);
  const studentHeld = await heldBy(db, { student: input.studentUserId }, now, input.moving);
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
 * meanwhile or a limit reached, 422 for a time never offered). The confirmation to the student and the
 * notice to the adviser are queued in the same transaction.
 */
export async function bookAppointment(deps: AppointmentDeps, request: BookingRequest): Promise<Appointment> {
  const { now } = deps;
  const booked = await deps.db.transaction(async (tx) => {
    await lockStudent(tx, request.studentUserId);
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
      await queueAppointmentEmails(tx, "booked", row!, deps);
      return row!;
    }
    if (offered) throw new FormRefusal(409, TAKEN, { start: TAKEN });
    throw notOffered();
  });
  deps.outbox.flush();
  return booked;
}

const notOffered = () =>
  new FormRefusal(422, "That time is not offered. Choose one of the times shown.", {
    start: "Choose one of the times shown",
  });

// Every change takes the student's row, then advisers' rows in id order: two never wait on each other in a circle.
async function lockStudent(tx: Tx, userId: number) {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function lockAdviser(tx: Pick<Tx, "execute">, userId: number) {
  await tx.execute(sql`select user_id from careers_advisers where user_id = ${userId} for update`);
}

/** A read of appointment types narrowed to the university's active kinds, each with an active adviser who offers it. */
function offeredBy<Q extends PgSelect>(query: Q, universityId: number | Placeholder) {
  return query
    .innerJoin(adviserOffers, eq(adviserOffers.typeId, appointmentTypes.id))
    .innerJoin(
      careersAdvisers,
      and(eq(careersAdvisers.userId, adviserOffers.adviserUserId), eq(careersAdvisers.active, true)),
    )
    .innerJoin(users, eq(users.id, careersAdvisers.userId))
    .where(and(eq(appointmentTypes.universityId, universityId), eq(appointmentTypes.active, true)));
}

/** The university's active kinds of appointment that at least one active adviser offers, with those advisers by name. */
export async function kindsOffered(db: Db, universityId: number) {
  const rows = await offeredBy(
    db
      .select({ type: appointmentTypes, adviser: { userId: users.id, name: users.name } })
      .from(appointmentTypes)
      .$dynamic(),
    universityId,
  ).orderBy(asc(appointmentTypes.name), asc(users.name));
  const kinds = new Map<number, (typeof rows)[number]["type"] & { advisers: { userId: number; name: string }[] }>();
  for (const { type, adviser } of rows) {
    if (!kinds.has(type.id)) kinds.set(type.id, { ...type, advisers: [] });
    kinds.get(type.id)!.advisers.push(adviser);
  }
  return [...kinds.values()];
}

const adviserUser = aliasedTable(users, "adviser_user");

/** A student's booked appointments still to come, soonest first, with until when they may move or cancel one here. */
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
    changeableUntil: new Date(r.appointment.startsAt.getTime() - r.noticeHours * 3_600_000),
  }));
}

/**
 * Cancels a student's own booked appointment, up to the adviser's notice before it starts; another
 * student's, a past one or one cancelled already is not found.
 */
export async function cancelAppointment(
  deps: AppointmentDeps,
  studentUserId: number,
  id: number,
): Promise<"cancelled" | "not-found" | "too-late"> {
  const { db, now } = deps;
  const [found] = (await studentAppointments(db, studentUserId, now)).filter((a) => a.id === id);
  if (!found || found.startsAt <= now) return "not-found";
  if (found.changeableUntil <= now) return "too-late";
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointments)
      // The next sequence of the same calendar event, cancelled: calendars that hold it remove it.
      .set({ status: "cancelled", sequence: found.sequence + 1, endedAt: now })
      .where(
        and(eq(appointments.id, id), eq(appointments.studentUserId, studentUserId), eq(appointments.status, "booked")),
      )
      .returning();
    if (row) await queueAppointmentEmails(tx, "cancelled", row, deps);
    return Boolean(row);
  });
  if (!cancelled) return "not-found";
  deps.outbox.flush();
  return "cancelled";
}

export const TOO_LATE_TO_MOVE = "It is too late to move this appointment here: contact your careers service instead.";

/**
 * Moves a student's own booked appointment to another free time of the same adviser, for the same
 * kind, up to the adviser's notice, in one transaction taking the same locks as a booking (the
 * student's row, then the adviser's). As the team's meetings move: the old row is marked "moved"
 * (its time is free again, and it is kept as a record) and a new row takes the same calendar UID at
 * the next sequence, so the event moves in both calendars. It counts once against the limit: the
 * appointment moved holds nothing while its new time is checked. Refusals are FormRefusals: 404 not
 * the student's (or no longer booked), 409 too late or the time taken meanwhile, 422 a time not offered.
 */
export async function moveAppointment(
  deps: AppointmentDeps,
  move: { studentUserId: number; id: number; start: Date; timeZone: string },
): Promise<Appointment> {
  const { now } = deps;
  const moved = await deps.db.transaction(async (tx) => {
    await lockStudent(tx, move.studentUserId);
    const [old] = await tx
      .select({ appointment: appointments, noticeHours: careersAdvisers.noticeHours })
      .from(appointments)
      .innerJoin(careersAdvisers, eq(careersAdvisers.userId, appointments.adviserUserId))
      .where(
        and(
          eq(appointments.id, move.id),
          eq(appointments.studentUserId, move.studentUserId),
          eq(appointments.status, "booked"),
          gt(appointments.startsAt, now),
        ),
      );
    if (!old) throw new FormRefusal(404, "That appointment could not be found, or is cancelled already.");
    const a = old.appointment;
    if (a.startsAt.getTime() - old.noticeHours * 3_600_000 <= now.getTime())
      throw new FormRefusal(409, TOO_LATE_TO_MOVE);
    if (a.startsAt.getTime() === move.start.getTime())
      throw new FormRefusal(422, "Your appointment is at that time already. Choose another time.", {
        start: "Choose another time",
      });
    const type = await typeOf(tx, a.universityId, a.typeId);
    const [offer] = type ? await advisersOffering(tx, a.universityId, type.id, a.adviserUserId) : [];
    if (!type || !offer) throw notOffered();
    await lockAdviser(tx, a.adviserUserId);
    if (!adviserTimes(offer.adviser, type.minutes, now, []).some((t) => t.start.getTime() === move.start.getTime()))
      throw notOffered();
    const end = new Date(move.start.getTime() + type.minutes * 60_000);
    const overlapping = (held: Held[]) => held.some((h) => h.startsAt < end && move.start < h.endsAt);
    if (overlapping(await heldBy(tx, { student: move.studentUserId }, now, a.id)))
      throw new FormRefusal(409, "You already have an appointment at that time.", { start: "Choose another time" });
    if (overlapping(await heldBy(tx, { advisers: [a.adviserUserId] }, now, a.id)))
      throw new FormRefusal(409, TAKEN, { start: TAKEN });
    // A cancellation does not lock the student's row: the old row is taken only if it is still booked.
    const [left] = await tx
      .update(appointments)
      .set({ status: "moved", endedAt: now })
      .where(and(eq(appointments.id, a.id), eq(appointments.status, "booked")))
      .returning({ id: appointments.id });
    if (!left) throw new FormRefusal(404, "That appointment could not be found, or is cancelled already.");
    const [row] = await tx
      .insert(appointments)
      .values({
        universityId: a.universityId,
        adviserUserId: a.adviserUserId,
        studentUserId: a.studentUserId,
        typeId: a.typeId,
        uid: a.uid,
        sequence: a.sequence + 1,
        startsAt: move.start,
        endsAt: end,
        // Where the adviser now offers it, as a new booking would be.
        mode: offer.mode,
        location: offer.location,
        note: a.note,
        timeZone: move.timeZone,
        adviserNotes: a.adviserNotes,
      })
      .returning();
    await queueAppointmentEmails(tx, "moved", row!, deps);
    return row!;
  });
  deps.outbox.flush();
  return moved;
}

/**
 * The dashboard's "Careers adviser" panel: the student's next appointment, and whether their careers
 * service takes bookings here at all (null: it does not and they have none, so there is no panel).
 */
export async function adviserPanel(db: Db, student: { id: number; universityId: number | null }, now: Date) {
  if (student.universityId === null) return null;
  // What the panel shows: the next appointment (studentAppointments' first), else whether any kind is
  // offered (kindsOffered's length), not every appointment nor every kind with its advisers.
  const [next] = await nextAppointmentQuery(db).execute({ studentUserId: student.id, now });
  if (next) return { next };
  const [offered] = await kindOfferedQuery(db).execute({ universityId: student.universityId });
  return offered ? { next: null } : null;
}

const nextAppointmentQuery = preparedQuery((db) =>
  db
    .select({ kind: appointmentTypes.name, adviser: adviserUser.name, startsAt: appointments.startsAt })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(careersAdvisers, eq(careersAdvisers.userId, appointments.adviserUserId))
    .innerJoin(adviserUser, eq(adviserUser.id, appointments.adviserUserId))
    .where(
      and(
        eq(appointments.studentUserId, sql.placeholder("studentUserId")),
        eq(appointments.status, "booked"),
        gt(appointments.endsAt, sql.placeholder("now")),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1)
    .prepare("next_appointment_of_student"),
);

const kindOfferedQuery = preparedQuery((db) =>
  offeredBy(db.select({ id: appointmentTypes.id }).from(appointmentTypes).$dynamic(), sql.placeholder("universityId"))
    .limit(1)
    .prepare("appointment_kind_offered"),
);
