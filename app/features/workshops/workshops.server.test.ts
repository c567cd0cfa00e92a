import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, emailOutbox, workshopRegistrations, workshops } from "~/db/schema";
import { syncContent } from "~/features/content/sync.server";
import { Outbox } from "~/features/email/outbox.server";
import { Signer } from "~/lib/signer.server";
import { createUniversity } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { syncWorkshops } from "./content-sync.server";
import { WorkshopSchema } from "./schema";
import {
  attendeesOf,
  cancelRegistration,
  cancelWorkshop,
  sendCancellations,
  registerForWorkshop,
  sendDueReminders,
  signedRegistration,
  upcomingWorkshops,
  visibleWorkshop,
  waitingPosition,
  type WorkshopDeps,
} from "./workshops.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(workshops);
  await database.db.delete(emailOutbox);
});

const NOW = new Date("2026-11-25T10:00:00Z");
const links = new Signer("a-test-secret-that-is-long-enough-0123456789", "workshop-registration");
const depsAt = (now = NOW): WorkshopDeps => ({
  db: database.db,
  outbox: new Outbox(() => now, "platform.test"),
  links,
  origin: "https://careers.example",
  now,
});

async function aWorkshop(overrides: Partial<typeof workshops.$inferInsert> = {}) {
  const [w] = await database.db
    .insert(workshops)
    .values({
      slug: `w-${Math.random().toString(36).slice(2)}`,
      title: "CV clinic",
      summary: "Bring your CV.",
      startsAt: new Date("2026-11-30T14:00:00Z"),
      endsAt: new Date("2026-11-30T15:00:00Z"),
      timeZone: "Europe/London",
      format: "online",
      joinUrl: "https://meet.example.org/cv",
      capacity: 2,
      ...overrides,
    })
    .returning();
  return w!;
}
const person = (n: number) => ({ userId: null, name: `Person ${n}`, email: `person${n}@example.test` });
const emails = () => database.db.select().from(emailOutbox).orderBy(emailOutbox.id);

describe("workshop registrations", () => {
  it("never gives out more places than the workshop has, however many ask at once; the rest wait in order", async () => {
    const w = await aWorkshop({ capacity: 3 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => registerForWorkshop(depsAt(), w.id, person(i))),
    );
    const statuses = results.map((r) => (r === "closed" ? r : r.status));
    expect(statuses.filter((s) => s === "registered")).toHaveLength(3);
    expect(statuses.filter((s) => s === "waiting")).toHaveLength(9);
    const positions = results
      .flatMap((r) => (r !== "closed" && r.status === "waiting" ? [r.position] : []))
      .sort((a, b) => a - b);
    expect(positions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The list counts them (its places left and waiting list).
    const listed = (await upcomingWorkshops(database.db, null, NOW)).find((u) => u.id === w.id);
    expect(listed).toMatchObject({ registered: 3, waiting: 9 });
    const sent = await emails();
    expect(sent.filter((e) => e.kind === "workshop.registered")).toHaveLength(3);
    expect(sent.filter((e) => e.kind === "workshop.waiting")).toHaveLength(9);
    const invitation = sent.find((e) => e.kind === "workshop.registered")!;
    expect(invitation.attachments![0]!.content).toContain("DTSTART:20261130T140000Z");
    expect(invitation.attachments![0]!.content).toContain("UID:workshop-");
    // Registering again with the same address (in another case) keeps the one registration.
    const again = await registerForWorkshop(depsAt(), w.id, { ...person(0), email: "PERSON0@example.test" });
    expect(again !== "closed" && again.status).toBe("already");
  });

  it("gives a place given up to the first on the waiting list, who is told; leaving the list promotes nobody", async () => {
    const w = await aWorkshop({ capacity: 1 });
    const first = await registerForWorkshop(depsAt(), w.id, person(1));
    const second = await registerForWorkshop(depsAt(), w.id, person(2));
    const third = await registerForWorkshop(depsAt(), w.id, person(3));
    if (first === "closed" || second === "closed" || third === "closed") throw new Error("closed");
    expect([first.status, second.status, third.status]).toEqual(["registered", "waiting", "waiting"]);

    expect(await cancelRegistration(depsAt(), third.registration.id)).toBe(true);
    expect(await cancelRegistration(depsAt(), third.registration.id)).toBe(false);
    expect((await emails()).filter((e) => e.kind === "workshop.promoted")).toHaveLength(0);

    expect(await cancelRegistration(depsAt(), first.registration.id)).toBe(true);
    const rows = await database.db
      .select()
      .from(workshopRegistrations)
      .where(eq(workshopRegistrations.workshopId, w.id))
      .orderBy(workshopRegistrations.id);
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "registered", "cancelled"]);
    const sent = await emails();
    const promoted = sent.filter((e) => e.kind === "workshop.promoted");
    expect(promoted.map((e) => e.toAddress)).toEqual(["person2@example.test"]);
    expect(promoted[0]!.textBody).toContain("https://meet.example.org/cv");
    const cancelled = sent.filter((e) => e.kind === "workshop.cancelled");
    expect(cancelled.map((e) => e.toAddress)).toEqual(["person3@example.test", "person1@example.test"]);
    expect(cancelled[1]!.attachments![0]!.content).toContain("METHOD:CANCEL");
  });

  it("closes registration once a workshop has started or is cancelled", async () => {
    const started = await aWorkshop({
      startsAt: new Date("2026-11-25T09:30:00Z"),
      endsAt: new Date("2026-11-25T10:30:00Z"),
    });
    const cancelled = await aWorkshop({ status: "cancelled" });
    expect(await registerForWorkshop(depsAt(), started.id, person(1))).toBe("closed");
    expect(await registerForWorkshop(depsAt(), cancelled.id, person(1))).toBe("closed");
  });

  it("reminds each person with a place once, a day before, and nobody on the waiting list", async () => {
    const w = await aWorkshop({ capacity: 1 });
    await registerForWorkshop(depsAt(), w.id, person(1));
    await registerForWorkshop(depsAt(), w.id, person(2));
    // More than a day before: nothing yet.
    expect(await sendDueReminders(depsAt(new Date("2026-11-29T13:59:00Z")))).toBe(0);
    const dayBefore = new Date("2026-11-29T14:10:00Z");
    const [a, b] = await Promise.all([sendDueReminders(depsAt(dayBefore)), sendDueReminders(depsAt(dayBefore))]);
    expect(a + b).toBe(1);
    expect(await sendDueReminders(depsAt(new Date("2026-11-30T10:00:00Z")))).toBe(0);
    const reminders = (await emails()).filter((e) => e.kind === "workshop.reminder");
    expect(reminders.map((e) => e.toAddress)).toEqual(["person1@example.test"]);
    expect(reminders[0]!.subject).toBe("Tomorrow: CV clinic");
  });

  it("shows a university's workshops to its own people only, and its attendees to its own admins only", async () => {
    const [mine, theirs] = [await createUniversity(database.db), await createUniversity(database.db)];
    const platform = await aWorkshop({ title: "For everyone" });
    const own = await aWorkshop({ title: "For mine", universityId: mine.id });
    const other = await aWorkshop({ title: "For theirs", universityId: theirs.id });
    expect((await upcomingWorkshops(database.db, mine.id, NOW)).map((w) => w.title).sort()).toEqual([
      "For everyone",
      "For mine",
    ]);
    expect((await upcomingWorkshops(database.db, null, NOW)).map((w) => w.title)).toEqual(["For everyone"]);
    expect(await visibleWorkshop(database.db, other.id, mine.id)).toBeNull();
    expect((await visibleWorkshop(database.db, platform.id, mine.id))?.id).toBe(platform.id);
    await registerForWorkshop(depsAt(), own.id, person(7));
    expect((await attendeesOf(database.db, own.id, mine.id))?.people.map((p) => p.email)).toEqual([
      "person7@example.test",
    ]);
    expect(await attendeesOf(database.db, own.id, theirs.id)).toBeNull();
  });

  it("opens a registration only with its own signature", async () => {
    const w = await aWorkshop({ capacity: 0 });
    const r = await registerForWorkshop(depsAt(), w.id, person(1));
    if (r === "closed") throw new Error("closed");
    expect(r.status).toBe("waiting");
    expect(await waitingPosition(database.db, r.registration)).toBe(1);
    const sig = links.sign(`registration:${r.registration.id}`);
    expect((await signedRegistration(database.db, links, r.registration.id, sig))?.workshop.id).toBe(w.id);
    expect(
      await signedRegistration(database.db, links, r.registration.id, sig.replace(/.$/, sig.endsWith("A") ? "B" : "A")),
    ).toBeNull();
    expect(
      await signedRegistration(
        database.db,
        new Signer("a-test-secret-that-is-long-enough-0123456789", "meeting-booking"),
        r.registration.id,
        sig,
      ),
    ).toBeNull();
    const left = await database.db
      .select()
      .from(workshopRegistrations)
      .where(and(eq(workshopRegistrations.workshopId, w.id)));
    expect(left).toHaveLength(1);
  });
});

describe("cancelled workshops", () => {
  it("are called off by their own university's admin only, and everyone still registered or waiting is told once", async () => {
    const [mine, theirs] = [await createUniversity(database.db), await createUniversity(database.db)];
    const w = await aWorkshop({ capacity: 1, universityId: mine.id });
    await registerForWorkshop(depsAt(), w.id, person(1));
    await registerForWorkshop(depsAt(), w.id, person(2));
    const admin = { id: null, role: "university_admin" };
    expect(await cancelWorkshop(database.db, admin, w.id, theirs.id, NOW)).toBe(false);
    expect(await cancelWorkshop(database.db, admin, w.id, mine.id, NOW)).toBe(true);
    expect(await cancelWorkshop(database.db, admin, w.id, mine.id, NOW)).toBe(false);
    const log = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(w.id)));
    expect(log.map((e) => [e.action, e.universityId])).toEqual([["workshop.cancelled", mine.id]]);
    const [a, b] = await Promise.all([sendCancellations(depsAt()), sendCancellations(depsAt())]);
    expect(a + b).toBe(2);
    expect(await sendCancellations(depsAt())).toBe(0);
    const notices = (await emails()).filter((e) => e.kind === "workshop.called-off");
    expect(notices.map((e) => e.toAddress).sort()).toEqual(["person1@example.test", "person2@example.test"]);
    expect(notices[0]!.attachments![0]!.content).toContain("METHOD:CANCEL");
    expect(notices[0]!.attachments![0]!.content).toContain("SEQUENCE:1");
    // Nobody is reminded of it.
    expect(await sendDueReminders(depsAt(new Date("2026-11-29T14:10:00Z")))).toBe(0);
  });
});

describe("the platform's workshops from content/workshops", () => {
  const write = (dir: string, file: string, text: string) => {
    fs.mkdirSync(path.join(dir, "workshops"), { recursive: true });
    fs.writeFileSync(path.join(dir, "workshops", file), text);
  };
  const file = (time: string, extra = "") =>
    `---\ntitle: Graduate route explained\nsummary: Who can apply and when.\nday: 2026-12-03\ntime: "${time}"\ntimeZone: America/Toronto\nminutes: 90\nformat: online\njoinUrl: https://meet.example.org/g\ncapacity: 50\n${extra}---\n`;

  it("are created, moved (a new sequence) and cancelled by their files; a malformed file is reported by line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workshops-"));
    write(dir, "graduate-route.md", file("09:00"));
    write(
      dir,
      "broken.md",
      file("25:00").replace("format: online\njoinUrl: https://meet.example.org/g\n", "format: online\n"),
    );
    const first = await syncContent(database.db, dir, [syncWorkshops]);
    expect(first.problems).toEqual([
      { file: "workshops/broken.md", line: 5, message: "time: must be a time written HH:MM" },
      { file: "workshops/broken.md", line: 1, message: "joinUrl: an online workshop needs its joinUrl" },
    ]);
    const [created] = await database.db.select().from(workshops).where(eq(workshops.slug, "graduate-route"));
    expect(created).toMatchObject({
      startsAt: new Date("2026-12-03T14:00:00Z"),
      endsAt: new Date("2026-12-03T15:30:00Z"),
      universityId: null,
      sequence: 0,
      status: "published",
    });

    write(dir, "graduate-route.md", file("10:00"));
    expect(await syncContent(database.db, dir, [syncWorkshops])).toMatchObject({ updated: 1 });
    const [moved] = await database.db.select().from(workshops).where(eq(workshops.slug, "graduate-route"));
    expect(moved).toMatchObject({ id: created!.id, startsAt: new Date("2026-12-03T15:00:00Z"), sequence: 1 });

    // A university's workshop is never the sync's to change.
    const uni = await createUniversity(database.db);
    await aWorkshop({ slug: "their-own", universityId: uni.id });
    fs.rmSync(path.join(dir, "workshops/graduate-route.md"));
    expect(await syncContent(database.db, dir, [syncWorkshops])).toMatchObject({ unpublished: 1 });
    const rows = await database.db
      .select({ slug: workshops.slug, status: workshops.status, sequence: workshops.sequence })
      .from(workshops)
      .orderBy(workshops.slug);
    expect(rows).toEqual([
      { slug: "graduate-route", status: "cancelled", sequence: 2 },
      { slug: "their-own", status: "published", sequence: 0 },
    ]);
  });
});

describe("WorkshopSchema", () => {
  const valid = {
    title: "Interview practice",
    summary: "Practise a competency interview with an adviser.",
    day: "2026-12-03",
    time: "14:00",
    minutes: "90",
    timeZone: "America/Toronto",
    format: "in-person",
    venue: "Careers Centre, Room 2",
    capacity: "20",
  };

  it("reads the day and time in the event's time zone", () => {
    const parsed = WorkshopSchema.parse(valid);
    expect(parsed.startsAt.toISOString()).toBe("2026-12-03T19:00:00.000Z");
    expect(parsed.endsAt.toISOString()).toBe("2026-12-03T20:30:00.000Z");
  });

  it("asks for a joining link online and a venue in person", () => {
    const online = WorkshopSchema.safeParse({ ...valid, format: "online", joinUrl: "http://insecure.example" });
    expect(online.success ? null : online.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["joinUrl", "Enter the joining link, starting https://"],
    ]);
    const inPerson = WorkshopSchema.safeParse({ ...valid, venue: "" });
    expect(inPerson.success ? null : inPerson.error.issues.map((i) => i.path[0])).toEqual(["venue"]);
    const bad = WorkshopSchema.safeParse({
      ...valid,
      day: "2026-02-30",
      time: "25:00",
      capacity: "0",
      timeZone: "Mars/Olympus",
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path[0]).sort()).toEqual([
      "capacity",
      "day",
      "time",
      "timeZone",
    ]);
  });
});
