import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { adviserOffers, appointmentTypes, careersAdvisers, universities } from "~/db/schema";
import { FormRefusal } from "~/lib/public-form.server";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { TAKEN, bookAppointment, timesFor } from "./booking.server";

// Monday 30 November 2026; the advisers see students on Tuesdays, 09:00 to 11:00 in London.
const NOW = new Date("2026-11-30T08:00:00Z");
const TUESDAY_9 = new Date("2026-12-01T09:00:00Z");

let database: Database;
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
    const booked = await bookAppointment(database.db, request(who), NOW);
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
      refusal(bookAppointment(database.db, request(await student(), start), NOW)),
      refusal(bookAppointment(database.db, request(await student(), start), NOW)),
    ]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.find((o) => o !== null)).toEqual({ status: 409, message: TAKEN });
  });

  it("gives a second adviser's time to the second student when no adviser was chosen", async () => {
    advisers.push(await addAdviser(universityId, cvReview));
    const start = new Date("2026-12-01T10:30:00Z");
    const [first, second] = await Promise.all([
      bookAppointment(database.db, request(await student(), start), NOW),
      bookAppointment(database.db, request(await student(), start), NOW),
    ]);
    expect(new Set([first.adviserUserId, second.adviserUserId])).toEqual(new Set(advisers));
  });

  it("holds a student to the university's limit of future appointments, and to one at a time", async () => {
    const who = await student();
    await bookAppointment(database.db, request(who, new Date("2026-12-08T09:00:00Z")), NOW);
    expect(await refusal(bookAppointment(database.db, request(who, new Date("2026-12-08T09:00:00Z")), NOW))).toEqual({
      status: 409,
      message: "You already have an appointment at that time.",
    });
    await bookAppointment(database.db, request(who, new Date("2026-12-08T10:00:00Z")), NOW);
    expect(
      await refusal(bookAppointment(database.db, request(who, new Date("2026-12-08T10:30:00Z")), NOW)),
    ).toMatchObject({
      status: 409,
      message: expect.stringContaining("You already have 2 appointments booked"),
    });
    await database.db.update(universities).set({ appointmentLimit: 3 }).where(eq(universities.id, universityId));
    expect(await bookAppointment(database.db, request(who, new Date("2026-12-08T10:30:00Z")), NOW)).toMatchObject({
      status: "booked",
    });
  });

  it("refuses a time never offered, and another university's kind of appointment", async () => {
    expect(
      await refusal(bookAppointment(database.db, request(await student(), new Date("2026-12-02T09:00:00Z")), NOW)),
    ).toMatchObject({
      status: 422,
    });
    expect(
      await refusal(bookAppointment(database.db, { ...request(await student()), typeId: otherType }, NOW)),
    ).toMatchObject({
      status: 422,
    });
    expect(
      await timesFor(database.db, { universityId, studentUserId: await student(), typeId: otherType }, NOW),
    ).toBeNull();
  });
});
