import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { appointmentTypes, appointments, universities, users } from "~/db/schema";
import { seedDemoData } from "~/db/setup.server";
import { createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { bookDemoAppointments } from "./demo.server";

// Saturday 28 November 2026, 09:00 in London.
const now = new Date("2026-11-28T09:00:00Z");
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, randomBytes(32), now);
});
afterAll(() => database?.close());

describe("bookDemoAppointments", () => {
  it("books nothing before the made-up students exist", async () => {
    expect(await bookDemoAppointments(database.db, now)).toBe(0);
  });

  it("books the demo adviser's day for three made-up students, in London time, once", async () => {
    const [demo] = await database.db.select().from(universities).where(eq(universities.slug, "demo-university"));
    for (const n of [1, 2, 3])
      await createUser(database.db, { universityId: demo!.id, email: `demo.activity.20261.00000${n}@demo.test` });
    expect(await bookDemoAppointments(database.db, now)).toBe(3);
    const booked = await database.db
      .select({
        kind: appointmentTypes.name,
        startsAt: appointments.startsAt,
        student: users.email,
        note: appointments.note,
      })
      .from(appointments)
      .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
      .innerJoin(users, eq(users.id, appointments.studentUserId))
      .orderBy(appointments.startsAt);
    expect(booked.map((b) => [b.kind, b.startsAt.toISOString(), b.student])).toEqual([
      ["CV review", "2026-11-28T10:00:00.000Z", "demo.activity.20261.000001@demo.test"],
      ["Working in the UK after your studies", "2026-11-28T14:00:00.000Z", "demo.activity.20261.000002@demo.test"],
      ["Careers guidance", "2026-11-29T10:30:00.000Z", "demo.activity.20261.000003@demo.test"],
    ]);
    expect(booked[0]!.note).toBe("My CV for graduate schemes in banking");
    expect(await bookDemoAppointments(database.db, now)).toBe(0);
  });
});
