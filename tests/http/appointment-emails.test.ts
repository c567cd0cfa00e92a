import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { appointmentTypes, appointments, emailOutbox, universities, users } from "~/db/schema";
import { TEST_PASSWORD, accountIn, createSession, createUser } from "../support/factories";
import { type ReceivedMail, type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type TestServer, request, startServerWithData } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

// What the student hears of an appointment with an adviser (issue 33): a confirmation with a calendar
// file, the move and the cancellation of the same calendar event, each told to the adviser too; moving
// up to the adviser's notice, one time for one of a move and a booking at once; and their appointments
// in "Your data", without the careers service's notes, gone with their account.
let server: TestServer;
let smtp: TestSmtpServer;
let stop: () => Promise<void>;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
let people: Awaited<ReturnType<typeof prepare>>;
const PRIVATE_NOTE = "Careers service only: talked through three graduate schemes";

async function prepare(db: Db) {
  const [demo] = await db.select().from(universities).where(eq(universities.slug, "demo-university"));
  const [adviser] = await db.select().from(users).where(eq(users.email, "admin@demo.test"));
  const [cvReview] = await db
    .select()
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.universityId, demo!.id), eq(appointmentTypes.name, "CV review")));
  const student = async (name: string) => {
    const user = await createUser(db, {
      universityId: demo!.id,
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@example.test`,
      ...accountIn("active"),
    });
    return { ...user, cookie: `sid=${(await createSession(db, user.id, TEST_SESSION_SECRET)).token}` };
  };
  const [aisha, bea, dan, cleo] = [
    await student("Aisha Khan"),
    await student("Bea Santos"),
    await student("Dan Okoro"),
    await student("Cleo Marsh"),
  ];
  const held = async (who: number, startsAt: Date, more: Partial<typeof appointments.$inferInsert> = {}) => {
    const [row] = await db
      .insert(appointments)
      .values({
        universityId: demo!.id,
        adviserUserId: adviser!.id,
        studentUserId: who,
        typeId: cvReview!.id,
        uid: `appointment-prepared-${who}@career-platform`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        mode: "online",
        location: "https://meet.demo-university.example/careers",
        timeZone: "Europe/London",
        ...more,
      })
      .returning();
    return row!.id;
  };
  // Dan's starts in two hours, well inside the adviser's day of notice; Cleo's was last week.
  const dansAppointment = await held(dan.id, new Date(Date.now() + 2 * 3_600_000));
  await held(cleo.id, new Date(Date.now() - 7 * 86_400_000), {
    note: "Applying to graduate schemes in finance",
    adviserNotes: PRIVATE_NOTE,
    noShow: true,
  });
  return { aisha, bea, dan, cleo, dansAppointment, cvReview: cvReview!.id };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const started = await startServerWithData(prepare, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: "http://localhost",
    SESSION_SECRET: TEST_SESSION_SECRET,
  });
  ({ server, stop, stopAndRead, prepared: people } = started);
});
afterAll(async () => {
  await stop?.();
  await smtp?.close();
});

const sameSite = { "Sec-Fetch-Site": "same-origin" };
const page = async (cookie: string, query = "") =>
  (await request(server, { path: `/appointments${query}`, cookie })).body;
const post = (cookie: string, form: Record<string, string>, query = "") =>
  request(server, { path: `/appointments${query}`, cookie, headers: sameSite, form });
const timesOf = (html: string) => [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]!);
const daysOf = (html: string) => [
  ...new Set([...html.matchAll(/[?&](?:amp;)?day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!)),
];
const idsOf = (html: string) => [...html.matchAll(/name="appointment" value="(\d+)"/g)].map((m) => m[1]!);
const icsOf = (mail: ReceivedMail) =>
  mail.attachments
    .find((a) => a.contentType.startsWith("text/calendar"))!
    .content.toString("utf8")
    .replace(/\r\n /g, "");
const utc = (iso: string) => `${iso.replace(/[-:]/g, "").slice(0, 15)}Z`;
const sequenceOf = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);
const uidOf = (ics: string) => /UID:(.+)\r\n/.exec(ics)![1]!;
const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );
/** Deletes the account of `cookie` with its password, as its owner does on /account/delete. */
const deleteAccountOf = (cookie: string) =>
  request(server, {
    path: "/account/delete",
    cookie,
    headers: { Origin: server.origin, ...sameSite },
    form: { password: TEST_PASSWORD },
  });
/** The next email to `to` whose subject starts so. */
const mailTo = (to: string, subject: string) =>
  smtp.next((m) => m.envelopeTo.includes(to) && (m.subject ?? "").startsWith(subject));

describe("an appointment's emails, moving it, and Your data", () => {
  // Times two days ahead at the earliest, so that none slips inside the day's notice while the test runs.
  let day: string;
  let times: string[];
  let uid: string;
  let sequence: number;

  it("confirms a booking to the student in their time zone, with a calendar file, and tells the adviser", async () => {
    const first = await page(people.aisha.cookie, `?type=${people.cvReview}`);
    day = daysOf(first)[1]!;
    times = timesOf(await page(people.aisha.cookie, `?type=${people.cvReview}&day=${day}`));
    expect(times.length).toBeGreaterThanOrEqual(4);
    const booked = await post(people.aisha.cookie, {
      intent: "book",
      type: String(people.cvReview),
      adviser: "",
      start: times[0]!,
      note: "My CV for graduate schemes",
      tz: "America/Toronto",
    });
    expect(booked.status).toBe(303);

    const mine = await mailTo("aisha@example.test", "Your CV review is booked");
    expect(mine.text).toContain(`Your CV review with Sarah Whitfield is booked for `);
    expect(mine.text).toContain(`, ${clock(times[0]!, "America/Toronto")} to `);
    expect(mine.text).toContain("(America/Toronto)");
    expect(mine.text).toContain("It is online: join at https://meet.demo-university.example/careers");
    expect(mine.text).toContain("What you would like help with: My CV for graduate schemes");
    expect(mine.text).toContain("Your appointments: http://localhost/appointments");
    const ics = icsOf(mine);
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain(`DTSTART:${utc(times[0]!)}`);
    uid = uidOf(ics);
    expect(uid).toMatch(/^appointment-[\w-]+@career-platform$/);
    sequence = sequenceOf(ics);

    const adviser = await mailTo("admin@demo.test", "Appointment booked: CV review with Aisha Khan, ");
    expect(adviser.text).toContain(`${clock(times[0]!, "Europe/London")} to `);
    expect(adviser.text).toContain("What they would like help with: My CV for graduate schemes");
    expect(uidOf(icsOf(adviser))).toBe(uid);
  });

  it("moves it by the same calendar event at a higher sequence, frees its old time, and tells both", async () => {
    const id = idsOf(await page(people.aisha.cookie))[0]!;
    const moving = await page(people.aisha.cookie, `?move=${id}&day=${day}`);
    expect(moving).toContain("Move your CV review with Sarah Whitfield");
    const offered = timesOf(moving);
    expect(offered).toContain(times[1]);
    expect(offered).not.toContain(times[0]);

    const moved = await post(
      people.aisha.cookie,
      { intent: "move", appointment: id, start: times[1]!, tz: "America/Toronto" },
      `?move=${id}`,
    );
    expect(moved.status).toBe(303);
    const mine = await mailTo("aisha@example.test", "Your CV review has moved");
    const ics = icsOf(mine);
    expect(uidOf(ics)).toBe(uid);
    expect(sequenceOf(ics)).toBeGreaterThan(sequence);
    expect(ics).toContain(`DTSTART:${utc(times[1]!)}`);
    expect(mine.text).toContain(`has moved to `);
    const adviser = await mailTo("admin@demo.test", "Appointment moved: CV review with Aisha Khan, ");
    expect(uidOf(icsOf(adviser))).toBe(uid);
    expect(sequenceOf(icsOf(adviser))).toBe(sequenceOf(ics));
    sequence = sequenceOf(ics);

    // The old time is free for anyone again; the new one is not.
    const forBea = timesOf(await page(people.bea.cookie, `?type=${people.cvReview}&day=${day}`));
    expect(forBea).toContain(times[0]);
    expect(forBea).not.toContain(times[1]);
  });

  it("gives a time to one of a move and a booking of it at once, and tells the other it was taken", async () => {
    const id = idsOf(await page(people.aisha.cookie))[0]!;
    const [move, book] = await Promise.all([
      post(
        people.aisha.cookie,
        { intent: "move", appointment: id, start: times[2]!, tz: "Europe/London" },
        `?move=${id}`,
      ),
      post(people.bea.cookie, {
        intent: "book",
        type: String(people.cvReview),
        adviser: "",
        start: times[2]!,
        note: "",
        tz: "Europe/London",
      }),
    ]);
    expect([move.status, book.status].sort()).toEqual([303, 409]);
    expect((move.status === 409 ? move : book).body).toContain("That time has just been taken.");
    // Bea holds it exactly when her booking won; either way it is offered to no one else.
    expect((await page(people.bea.cookie)).includes("CV review with Sarah Whitfield")).toBe(book.status === 303);
    expect(timesOf(await page(people.dan.cookie, `?type=${people.cvReview}&day=${day}`))).not.toContain(times[2]);
  });

  it("cancels it with the same calendar event, METHOD:CANCEL at a higher sequence, to both", async () => {
    const [id] = idsOf(await page(people.aisha.cookie));
    expect((await post(people.aisha.cookie, { intent: "cancel", appointment: id!, tz: "Europe/London" })).status).toBe(
      303,
    );
    for (const [to, subject] of [
      ["aisha@example.test", "Your CV review is cancelled"],
      ["admin@demo.test", "Appointment cancelled: CV review with Aisha Khan, "],
    ] as const) {
      const ics = icsOf(await mailTo(to, subject));
      expect(ics).toContain("METHOD:CANCEL");
      expect(ics).toContain("STATUS:CANCELLED");
      expect(uidOf(ics)).toBe(uid);
      expect(sequenceOf(ics)).toBeGreaterThan(sequence);
    }
  });

  it("refuses to move an appointment inside the adviser's notice, and says to contact the careers service", async () => {
    const html = await page(people.dan.cookie);
    expect(html).toContain("It is too late to move or cancel it here");
    expect(html).not.toContain("Move your CV review");
    const refused = await post(people.dan.cookie, {
      intent: "move",
      appointment: String(people.dansAppointment),
      start: times[3]!,
      tz: "Europe/London",
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(
      "It is too late to move this appointment here: contact your careers service instead.",
    );
    expect(smtp.received.some((m) => m.envelopeTo.includes("dan@example.test") && /moved/.test(m.subject!))).toBe(
      false,
    );
  });

  it("puts the student's appointments in Your data, without the careers service's notes", async () => {
    const reply = await request(server, { path: "/account/your-data.json", cookie: people.cleo.cookie });
    expect(reply.status).toBe(200);
    const data = JSON.parse(reply.body) as { appointments: Record<string, unknown>[] };
    expect(data.appointments).toEqual([
      {
        kind: "CV review",
        adviser: "Sarah Whitfield",
        startsAt: expect.any(String),
        endsAt: expect.any(String),
        timeZone: "Europe/London",
        mode: "online",
        where: "https://meet.demo-university.example/careers",
        status: "booked",
        yourNote: "Applying to graduate schemes in finance",
        bookedAt: expect.any(String),
      },
    ]);
    expect(reply.body).not.toContain(PRIVATE_NOTE);
  });

  it("tells the adviser when a student with an appointment still to come deletes their account", async () => {
    expect((await deleteAccountOf(people.dan.cookie)).status).toBe(303);
    const told = await mailTo("admin@demo.test", "Appointment cancelled: CV review with Dan Okoro");
    expect(told.text).toContain("Dan Okoro (dan@example.test) cancelled their CV review with you");
    const ics = icsOf(told);
    expect(ics).toContain("METHOD:CANCEL");
    expect(uidOf(ics)).toBe(`appointment-prepared-${people.dan.id}@career-platform`);
  });

  // Last: it stops the server to read what is left.
  it("removes the student's appointments with their account", async () => {
    expect((await deleteAccountOf(people.cleo.cookie)).status).toBe(303);
    const { left, danMail } = await stopAndRead(async (db) => ({
      left: await db
        .select()
        .from(appointments)
        .where(inArray(appointments.studentUserId, [people.cleo.id, people.dan.id])),
      // Dan's own copy of the cancellation went with his account's mail.
      danMail: await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "dan@example.test")),
    }));
    expect(left).toEqual([]);
    expect(danMail).toEqual([]);
  });
});
