import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { JobRunner } from "~/db/jobs.server";
import { appointments, emailOutbox } from "~/db/schema";
import { startEmail } from "~/features/email/service.server";
import { loadConfig } from "~/lib/env.server";
import { manualClock } from "../../../tests/support/clock";
import { createAdviser, createAppointment, createUniversity } from "../../../tests/support/factories";
import { type TestSmtpServer, startSmtpServer } from "../../../tests/support/smtp";
import { createTestDatabase } from "../../../tests/support/test-db";
import { APPOINTMENT_REMINDERS_EVERY_MS, startAppointments } from "./service.server";

// The reminders as the server runs them: the recurring job in the real queue, on a clock moved by
// hand, its emails sent through the outbox to a real SMTP server.
const HOUR = 3_600_000;
const START = new Date("2026-11-30T09:00:00Z");

let database: Database;
let smtp: TestSmtpServer;
let close: () => Promise<void>;
const clock = manualClock(START);
let runner: JobRunner;
const people: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  const { db } = database;
  const university = await createUniversity(db, { name: "Harbour University" });
  const { adviser, typeId } = await createAdviser(db, university.id, { mode: "in-person", location: "Room 2.14" });
  const of = { universityId: university.id, adviserUserId: adviser.id, typeId };
  const appointment = async (name: string, hoursAhead: number, status: "booked" | "cancelled" | "moved") => {
    const student = await createAppointment(db, of, name, new Date(START.getTime() + hoursAhead * HOUR), {
      mode: "in-person",
      location: "Room 2.14",
      timeZone: "Asia/Kolkata",
      status,
    });
    people[name] = student.id;
  };
  await appointment("Aisha", 20, "booked");
  await appointment("Bilal", 20, "cancelled");
  await appointment("Chen", 21, "moved");
  await appointment("Dara", 60, "booked");

  const config = loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: "https://careers.example" });
  runner = new JobRunner(db, clock);
  const email = startEmail(db, config, clock, runner);
  startAppointments(db, config, clock, runner, email.outbox);
  close = async () => {
    await email.service.close?.();
    await smtp.close();
    await database.close();
  };
});
afterAll(() => close?.());

/** Runs the queue until nothing is due: the reminders' pass, then the emails it queued. */
async function runQueue() {
  while ((await runner.runDue()) > 0);
}
const reminders = () =>
  database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "appointment.reminder")).orderBy(emailOutbox.id);

describe("appointment reminders", () => {
  it("reminds a student of a booked appointment within a day, once, and no one of a cancelled or moved one", async () => {
    await runQueue();
    const mail = await smtp.next((m) => m.subject === "Tomorrow: your CV review with Sarah Whitfield");
    expect(mail.envelopeTo).toEqual(["aisha@example.test"]);
    // In her time zone: 05:00 UTC the next day is 10:30 in Kolkata.
    expect(mail.text).toContain("on Tuesday 1 December 2026, 10:30 to 11:00 (Asia/Kolkata).");
    expect(mail.text).toContain("It is in person, at Room 2.14.");
    expect(mail.text).toContain("Your appointments: https://careers.example/appointments");
    const [aisha] = await database.db.select().from(appointments).where(eq(appointments.studentUserId, people.Aisha!));
    expect(aisha!.remindedAt).toEqual(START);

    // Its next runs send nothing more.
    clock.advance(APPOINTMENT_REMINDERS_EVERY_MS);
    await runQueue();
    await runQueue();
    expect((await reminders()).map((e) => e.toAddress)).toEqual(["aisha@example.test"]);
    expect(smtp.received.filter((m) => m.subject?.startsWith("Tomorrow:")).map((m) => m.envelopeTo)).toEqual([
      ["aisha@example.test"],
    ]);
  });

  it("reminds of a later appointment when its day comes", async () => {
    // Dara's is 60 hours after the start: within a day once 36 hours have passed.
    clock.advance(36 * HOUR);
    await runQueue();
    expect((await reminders()).map((e) => e.toAddress)).toEqual(["aisha@example.test", "dara@example.test"]);
    await smtp.next((m) => m.envelopeTo.includes("dara@example.test"));
    expect(smtp.received.some((m) => m.envelopeTo.some((to) => /bilal|chen/.test(to)))).toBe(false);
  });
});
