import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { adviserOffers, appointmentTypes, appointments, careersAdvisers, emailOutbox, universities } from "~/db/schema";
import { Outbox } from "~/features/email/index.server";
import { FormRefusal } from "~/lib/public-form.server";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  TAKEN,
  TOO_LATE_TO_MOVE,
  bookAppointment,
  cancelAppointment,
  moveAppointment,
  timesFor,
} from "./booking.server";
import type { AppointmentDeps } from "./notices.server";

// Monday 30 November 2026; the advisers see students on Tuesdays, 09:00 to 11:00 in London.
const NOW = new Date("2026-11-30T08:00:00Z");
const TUESDAY_9 = new Date("2026-12-01T09:00:00Z");

let database: Database;
let deps: AppointmentDeps;
let universityId: number;
let otherUniversityId: number;
let cvReview: number;
let otherType: number;
const advisers: number[] = [];

async function addAdviser(university: number, typeId: number) {
  const user = await createUser(database.db, { role: "university_admin", universityId: university });
  await database.db
    .insert(careersAdvisers)
    .values({ userId: user.id, universityId: university, weekly: { "2": ["09:00-11:00"] } });
  await database.db
    .insert(adviserOffers)
    .values({ adviserUserId: user.id, typeId, mode: "online", location: "https://meet.example/cv" });
  return user.id;
}
const student = async () => (await createUser(database.db, { universityId })).id;
const request = (studentUserId: number, start = TUESDAY_9, adviserUserId?: number) => ({
  universityId,
  studentUserId,
  typeId: cvReview,
  adviserUserId,
  start,
  note: "My CV for graduate schemes",
  timeZone: "Europe/London",
});
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FormRefusal) return { status: error.status, message: error.formError };
    throw error;
  }
  return null;
}

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    outbox: new Outbox(() => NOW, "platform.test"),
    origin: "https://careers.example",
    now: NOW,
  };
  universityId = (await createUniversity(database.db)).id;
  otherUniversityId = (await createUniversity(database.db)).id;
  const types = await database.db
    .insert(appointmentTypes)
    .values([
      { universityId, name: "CV review", minutes: 30 },
      { universityId: otherUniversityId, name: "CV review", minutes: 30 },
    ])
    .returning();
  [cvReview, otherType] = types.map((t) => t.id) as [number, number];
  advisers.push(await addAdviser(universityId, cvReview));
});
afterAll(() => database?.close());

describe("booking an appointment", () => {
  it("books a time offered, which is then offered no more", async () => {
    const who = await student();
    const before = await timesFor(database.db, { universityId, studentUserId: who, typeId: cvReview }, NOW);
    expect(before!.times.slice(0, 2).map((t) => t.start.toISOString())).toEqual([
      "2026-12-01T09:00:00.000Z",
      "2026-12-01T09:30:00.000Z",
    ]);
    const booked = await bookAppointment(deps, request(who));
    expect(booked).toMatchObject({
      adviserUserId: advisers[0],
      endsAt: new Date("2026-12-01T09:30:00Z"),
      status: "booked",
    });
    const after = await timesFor(database.db, { universityId, studentUserId: await student(), typeId: cvReview }, NOW);
    expect(after!.times[0]!.start.toISOString()).toBe("2026-12-01T09:30:00.000Z");
  });

  it("lets one of two students booking the same time together have it, and tells the other it was taken", async () => {
    const start = new Date("2026-12-01T10:00:00Z");
    const outcomes = await Promise.all([
      refusal(bookAppointment(deps, request(await student(), start))),
      refusal(bookAppointment(deps, request(await student(), start))),
    ]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.find((o) => o !== null)).toEqual({ status: 409, message: TAKEN });
  });

  it("gives a second adviser's time to the second student when no adviser was chosen", async () => {
    advisers.push(await addAdviser(universityId, cvReview));
    const start = new Date("2026-12-01T10:30:00Z");
    const [first, second] = await Promise.all([
      bookAppointment(deps, request(await student(), start)),
      bookAppointment(deps, request(await student(), start)),
    ]);
    expect(new Set([first.adviserUserId, second.adviserUserId])).toEqual(new Set(advisers));
  });

  it("holds a student to the university's limit of future appointments, and to one at a time", async () => {
    const who = await student();
    await bookAppointment(deps, request(who, new Date("2026-12-08T09:00:00Z")));
    expect(await refusal(bookAppointment(deps, request(who, new Date("2026-12-08T09:00:00Z"))))).toEqual({
      status: 409,
      message: "You already have an appointment at that time.",
    });
    await bookAppointment(deps, request(who, new Date("2026-12-08T10:00:00Z")));
    expect(await refusal(bookAppointment(deps, request(who, new Date("2026-12-08T10:30:00Z"))))).toMatchObject({
      status: 409,
      message: expect.stringContaining("You already have 2 appointments booked"),
    });
    await database.db.update(universities).set({ appointmentLimit: 3 }).where(eq(universities.id, universityId));
    expect(await bookAppointment(deps, request(who, new Date("2026-12-08T10:30:00Z")))).toMatchObject({
      status: "booked",
    });
  });

  it("refuses a time never offered, and another university's kind of appointment", async () => {
    expect(
      await refusal(bookAppointment(deps, request(await student(), new Date("2026-12-02T09:00:00Z")))),
    ).toMatchObject({
      status: 422,
    });
    expect(await refusal(bookAppointment(deps, { ...request(await student()), typeId: otherType }))).toMatchObject({
      status: 422,
    });
    expect(
      await timesFor(database.db, { universityId, studentUserId: await student(), typeId: otherType }, NOW),
    ).toBeNull();
  });
});

describe("moving and cancelling an appointment", () => {
  const at = (iso: string) => new Date(iso);
  const rowOf = async (id: number) =>
    (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
  const emailsFor = async (kind: string) =>
    (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind))).map((e) => e.toAddress);
  const startsOf = async (adviserUserId: number) =>
    (await timesFor(
      database.db,
      { universityId, studentUserId: await student(), typeId: cvReview, adviserUserId },
      NOW,
    ))!.times.map((t) => t.start.toISOString());

  it("moves one to another time of its adviser: the same calendar UID at the next sequence, its old time freed", async () => {
    const who = await student();
    const booked = await bookAppointment(deps, request(who, at("2026-12-15T09:00:00Z"), advisers[0]));
    const moved = await moveAppointment(deps, {
      studentUserId: who,
      id: booked.id,
      start: at("2026-12-15T10:00:00Z"),
      timeZone: "America/Toronto",
    });
    expect(moved).toMatchObject({
      uid: booked.uid,
      sequence: booked.sequence + 1,
      adviserUserId: advisers[0],
      startsAt: at("2026-12-15T10:00:00Z"),
      endsAt: at("2026-12-15T10:30:00Z"),
      status: "booked",
      note: booked.note,
      timeZone: "America/Toronto",
    });
    expect(moved.id).not.toBe(booked.id);
    expect(await rowOf(booked.id)).toMatchObject({ status: "moved", endedAt: NOW });
    const free = await startsOf(advisers[0]!);
    expect(free).toContain("2026-12-15T09:00:00.000Z");
    expect(free).not.toContain("2026-12-15T10:00:00.000Z");
    // The student and the adviser are told, with the updated calendar file.
    expect((await emailsFor("appointment.moved")).length).toBe(1);
    expect((await emailsFor("appointment.moved.adviser")).length).toBe(1);
  });

  it("counts the appointment moved once against the limit: a student at the limit may move one", async () => {
    await database.db.update(universities).set({ appointmentLimit: 2 }).where(eq(universities.id, universityId));
    const who = await student();
    await bookAppointment(deps, request(who, at("2026-12-15T09:00:00Z"), advisers[1]));
    const second = await bookAppointment(deps, request(who, at("2026-12-15T09:30:00Z"), advisers[1]));
    expect(await refusal(bookAppointment(deps, request(who, at("2026-12-15T10:30:00Z"), advisers[1])))).toMatchObject({
      status: 409,
    });
    const moved = await moveAppointment(deps, {
      studentUserId: who,
      id: second.id,
      start: at("2026-12-15T10:30:00Z"),
      timeZone: "Europe/London",
    });
    expect(moved.status).toBe("booked");
    expect(
      await refusal(
        moveAppointment(deps, { studentUserId: who, id: moved.id, start: at("2026-12-15T09:00:00Z"), timeZone: "UTC" }),
      ),
    ).toEqual({ status: 409, message: "You already have an appointment at that time." });
  });

  it("lets one of a move and a booking of the same time at once have it, and tells the other it was taken", async () => {
    const mover = await student();
    const booked = await bookAppointment(deps, request(mover, at("2026-12-22T09:00:00Z"), advisers[0]));
    const start = at("2026-12-22T10:00:00Z");
    const outcomes = await Promise.all([
      refusal(moveAppointment(deps, { studentUserId: mover, id: booked.id, start, timeZone: "Europe/London" })),
      refusal(bookAppointment(deps, request(await student(), start, advisers[0]))),
    ]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.find((o) => o !== null)).toEqual({ status: 409, message: TAKEN });
    const holding = await database.db.select().from(appointments).where(eq(appointments.startsAt, start));
    expect(holding.filter((a) => a.status === "booked")).toHaveLength(1);
  });

  it("refuses a move after the adviser's notice, to a time not offered, of another student's or a cancelled one", async () => {
    const who = await student();
    const booked = await bookAppointment(deps, request(who, at("2026-12-22T09:00:00Z"), advisers[1]));
    const move = (start: string, by = who, now = NOW) =>
      refusal(
        moveAppointment({ ...deps, now }, { studentUserId: by, id: booked.id, start: at(start), timeZone: "UTC" }),
      );
    // 23 hours before: inside the adviser's 24 hours' notice.
    expect(await move("2026-12-22T10:30:00Z", who, at("2026-12-21T10:00:00Z"))).toEqual({
      status: 409,
      message: TOO_LATE_TO_MOVE,
    });
    expect(await move("2026-12-23T09:00:00Z")).toMatchObject({ status: 422 });
    expect(await move("2026-12-22T10:30:00Z", await student())).toMatchObject({ status: 404 });
    expect(await cancelAppointment(deps, who, booked.id)).toBe("cancelled");
    // Cancelling is the next sequence of the same event, and tells both.
    expect(await rowOf(booked.id)).toMatchObject({ status: "cancelled", sequence: booked.sequence + 1 });
    expect((await emailsFor("appointment.cancelled.adviser")).length).toBe(1);
    expect(await move("2026-12-22T10:30:00Z")).toMatchObject({ status: 404 });
  });
});
