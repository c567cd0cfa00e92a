import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { Outbox } from "~/features/email/outbox.server";
import { createAdviser, createAppointment, createUniversity } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { tellOfAppointmentsOnDeletion } from "./account-deletion.server";

const NOW = new Date("2026-11-30T09:00:00Z");
const HOUR = 3_600_000;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("an adviser's account deleted", () => {
  it("tells each student of a booked appointment still to come that it is cancelled, with the calendar file that removes it", async () => {
    const { db } = database;
    const university = await createUniversity(db);
    const { adviser, typeId } = await createAdviser(db, university.id, { name: "Sam Adviser" });
    const of = { universityId: university.id, adviserUserId: adviser.id, typeId };
    const booked = (name: string, hoursAhead: number, status: "booked" | "cancelled" = "booked") =>
      createAppointment(db, of, name, new Date(NOW.getTime() + hoursAhead * HOUR), { status });
    await booked("Aisha", 30);
    await booked("Bilal", -30);
    await booked("Chen", 40, "cancelled");

    const hook = tellOfAppointmentsOnDeletion(new Outbox(() => NOW, "platform.test"), "https://careers.example");
    await db.transaction((tx) => hook(tx, { id: adviser.id, email: adviser.email }, NOW));
    const queued = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
    // Aisha's only (the adviser's own copy goes with their mail when the account is deleted).
    expect(queued.map((m) => [m.kind, m.toAddress])).toEqual([
      ["appointment.cancelled", "aisha@example.test"],
      ["appointment.cancelled.adviser", adviser.email],
    ]);
    expect(queued[0]!.subject).toBe("Your CV review is cancelled");
    const ics = queued[0]!.attachments![0]!.content;
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("UID:appointment-Aisha@career-platform");
    expect(ics).toContain("SEQUENCE:1");
  });
});
