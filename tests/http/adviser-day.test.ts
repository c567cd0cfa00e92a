import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  type Appointment,
  adviserOffers,
  appointmentTypes,
  appointments,
  auditLog,
  careersAdvisers,
  studentProfiles,
  universities,
} from "~/db/schema";
import { hashToken } from "~/db/tokens.server";
import { createCv } from "~/features/cv/index.server";
import { SAMPLE_CV } from "~/features/cv/sample";
import { zonedParts } from "~/lib/time-zones";
import { accountIn, createSession, createUniversity, createUser } from "../support/factories";
import { type TestServer, request, requestBytes, startServerWithData } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

// The careers service's side of appointments (issue 33): an adviser's day with who is coming, their
// note and the links to their profile and CV; notes after the meeting kept from the student; no-shows
// once an appointment has started; the settings, refused whole when any field is wrong; the adviser's
// private calendar feed. Everything of one university answers 404 to another's admin.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = "Europe/London";
const sameSite = { "Sec-Fetch-Site": "same-origin" };

async function prepare(db: Db) {
  const now = new Date();
  const ours = await createUniversity(db, { name: "Riverside University" });
  const theirs = await createUniversity(db, { name: "Harbour University" });
  const person = (universityId: number, role: "student" | "university_admin", name: string) =>
    createUser(db, { universityId, role, name, ...accountIn("active", now) });
  const adviser = await person(ours.id, "university_admin", "Priya Adviser");
  const busy = await person(ours.id, "university_admin", "Bea Busy");
  const colleague = await person(ours.id, "university_admin", "Colin Colleague");
  const student = await person(ours.id, "student", "Sam Student");
  const otherAdmin = await person(theirs.id, "university_admin", "Olga Other");
  const otherStudent = await person(theirs.id, "student", "Tariq Theirs");
  await db
    .insert(studentProfiles)
    .values({ userId: student.id, course: "MSc Finance and Investment", studyLevel: "postgraduate_taught" });
  await createCv(
    db,
    { id: student.id, universityId: ours.id },
    { name: "Finance CV", document: SAMPLE_CV, source: "empty" },
    now,
  );
  await db.insert(careersAdvisers).values([
    { userId: adviser.id, universityId: ours.id, timeZone: ZONE, weekly: { "1": ["09:00-12:00"] } },
    { userId: busy.id, universityId: ours.id, timeZone: ZONE },
    { userId: otherAdmin.id, universityId: theirs.id, timeZone: ZONE },
  ]);
  const [kind] = await db
    .insert(appointmentTypes)
    .values({ universityId: ours.id, name: "CV review", minutes: 30 })
    .returning();
  const [theirKind] = await db
    .insert(appointmentTypes)
    .values({ universityId: theirs.id, name: "Careers guidance", minutes: 45 })
    .returning();
  const link = "https://meet.example.org/riverside";
  await db
    .insert(adviserOffers)
    .values({ adviserUserId: adviser.id, typeId: kind!.id, mode: "online", location: link });
  const minute = (ms: number) => new Date(Math.floor((now.getTime() + ms) / 60_000) * 60_000);
  const book = async (values: Partial<typeof appointments.$inferInsert> & { startsAt: Date }) =>
    (
      await db
        .insert(appointments)
        .values({
          universityId: ours.id,
          adviserUserId: adviser.id,
          studentUserId: student.id,
          typeId: kind!.id,
          uid: `appointment-${randomUUID()}@test`,
          endsAt: new Date(values.startsAt.getTime() + 30 * 60_000),
          mode: "online",
          location: link,
          timeZone: ZONE,
          ...values,
        })
        .returning()
    )[0]!;
  const started = await book({ startsAt: minute(-10 * 60_000), note: "Reading my CV for finance graduate schemes" });
  const later = await book({ startsAt: minute(2 * HOUR), note: "Cover letters" });
  const cancelled = await book({ startsAt: minute(3 * HOUR), status: "cancelled", sequence: 1 });
  // A move: the row it left, and the same event (UID) at its new time, one sequence on.
  const movedFrom = await book({ startsAt: minute(3 * DAY), status: "moved" });
  const movedTo = await book({ startsAt: minute(4 * DAY), uid: movedFrom.uid, sequence: 1 });
  const busyOne = await book({ startsAt: minute(5 * DAY), adviserUserId: busy.id });
  const theirs1 = await book({
    universityId: theirs.id,
    adviserUserId: otherAdmin.id,
    studentUserId: otherStudent.id,
    typeId: theirKind!.id,
    startsAt: minute(-20 * 60_000),
  });
  const cookie = async (id: number) => `sid=${(await createSession(db, id, TEST_SESSION_SECRET)).token}`;
  return {
    ours,
    ids: { adviser: adviser.id, busy: busy.id, colleague: colleague.id, student: student.id, other: otherAdmin.id },
    kind: kind!,
    theirKind: theirKind!,
    booked: { started, later, cancelled, movedFrom, movedTo, busyOne, theirs: theirs1 },
    cookies: {
      adviser: await cookie(adviser.id),
      colleague: await cookie(colleague.id),
      student: await cookie(student.id),
      other: await cookie(otherAdmin.id),
    },
  };
}

let server: TestServer;
let data: Awaited<ReturnType<typeof startServerWithData<Awaited<ReturnType<typeof prepare>>>>>;
let p: Awaited<ReturnType<typeof prepare>>;

beforeAll(async () => {
  data = await startServerWithData(prepare, { SESSION_SECRET: TEST_SESSION_SECRET });
  server = data.server;
  p = data.prepared;
});
afterAll(() => data?.stop());

const get = (path: string, cookie?: string) => request(server, { path, cookie });
const post = (path: string, cookie: string, form: Record<string, string>) =>
  request(server, { path, cookie, headers: sameSite, form });
const DAY_PAGE = "/university-dashboard/appointments";
const dayOf = (a: Appointment) => zonedParts(a.startsAt, ZONE).day;
const dayPage = (a: Appointment, cookie: string, adviser?: number) =>
  get(`${DAY_PAGE}?day=${dayOf(a)}${adviser ? `&adviser=${adviser}` : ""}`, cookie);
/** The value an input named `name` shows on a page. */
const inputValue = (page: string, name: string) =>
  /value="([^"]*)"/.exec(new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? "")?.[1];
/** HTML-escaped as React writes text. */
const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");

describe("the adviser's day", () => {
  it("lists who is coming with their note and the links to their profile and CV, the cancelled as such, a move once", async () => {
    const { started, cancelled } = p.booked;
    const page = await dayPage(started, p.cookies.adviser);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Priya Adviser: `);
    expect(page.body).toMatch(/\d\d:\d\d to \d\d:\d\d: CV review with Sam Student/);
    expect(page.body).toContain("Reading my CV for finance graduate schemes");
    expect(page.body).toContain(`href="/university-dashboard/appointments/${started.id}/student"`);
    expect(page.body).toContain(`href="/university-dashboard/appointments/${started.id}/cv.pdf"`);
    expect((await dayPage(cancelled, p.cookies.adviser)).body).toContain("Cancelled by the student.");
    // A colleague who is no adviser opens an adviser's day; a moved appointment is at its new time only.
    const moved = await dayPage(p.booked.movedFrom, p.cookies.colleague, p.ids.adviser);
    expect(moved.body).toContain("Priya Adviser: ");
    expect(moved.body).toContain("No appointments on this day.");
    expect((await dayPage(p.booked.movedTo, p.cookies.colleague, p.ids.adviser)).body).toContain(
      "CV review with Sam Student",
    );

    const profile = await get(`${DAY_PAGE}/${started.id}/student`, p.cookies.colleague);
    expect(profile.status).toBe(200);
    expect(profile.body).toContain("MSc Finance and Investment");
    expect(profile.body).toContain("Finance CV (PDF)");
    const cv = await requestBytes(server, { path: `${DAY_PAGE}/${started.id}/cv.pdf`, cookie: p.cookies.colleague });
    expect(cv.status).toBe(200);
    expect(cv.headers["content-type"]).toBe("application/pdf");
    expect(cv.headers["cache-control"]).toBe("private, no-store");
    expect(cv.body.subarray(0, 5).toString()).toBe("%PDF-");
    // The calendar feed is an adviser's own: an admin who is none has none to make.
    expect((await post(DAY_PAGE, p.cookies.colleague, { intent: "create-feed" })).status).toBe(404);
  });

  it("keeps the notes after a meeting for the careers service: any admin writes them, the student never sees them", async () => {
    const { later } = p.booked;
    const notes = "Strong CV; talk about the Graduate route next time";
    const saved = await post(DAY_PAGE, p.cookies.colleague, {
      intent: "save-notes",
      appointment: String(later.id),
      notes,
      day: dayOf(later),
      adviser: String(p.ids.adviser),
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${DAY_PAGE}?day=${dayOf(later)}&adviser=${p.ids.adviser}`);
    expect((await dayPage(later, p.cookies.adviser)).body).toContain(html(notes));

    const mine = (await get("/appointments", p.cookies.student)).body;
    expect(mine).toContain("CV review with Priya Adviser");
    expect(mine).toContain("Cover letters");
    expect(mine).not.toContain("Graduate route next time");

    // Too long: refused with its reason, and the notes stay as they were.
    const long = await post(DAY_PAGE, p.cookies.adviser, {
      intent: "save-notes",
      appointment: String(later.id),
      notes: "x".repeat(5001),
    });
    expect(long.status).toBe(400);
    expect(long.body).toContain("Keep the notes to 5,000 characters");
    expect((await dayPage(later, p.cookies.adviser)).body).toContain(html(notes));
  });

  it("marks a no-show only once the appointment has started", async () => {
    const noShow = (a: Appointment, value = "yes") =>
      post(DAY_PAGE, p.cookies.adviser, { intent: "no-show", appointment: String(a.id), noShow: value });
    const early = await noShow(p.booked.later);
    expect(early.status).toBe(409);
    expect(early.body).toContain("A no-show can be marked once the appointment has started.");
    expect((await dayPage(p.booked.later, p.cookies.adviser)).body).not.toContain("Marked as a no-show.");

    expect((await noShow(p.booked.started)).status).toBe(303);
    expect((await dayPage(p.booked.started, p.cookies.adviser)).body).toContain("Marked as a no-show.");
    expect((await noShow(p.booked.started, "no")).status).toBe(303);
    expect((await dayPage(p.booked.started, p.cookies.adviser)).body).not.toContain("Marked as a no-show.");
    expect((await noShow(p.booked.cancelled)).status).toBe(409);
  });
});

describe("the settings", () => {
  const SETTINGS = "/university-dashboard/appointments/settings";
  const adviserSettings = (id: number) => `${SETTINGS}/advisers/${id}`;
  const hours = (fields: Record<string, string>) => ({
    intent: "save-adviser",
    timeZone: "Europe/London",
    "hours-1": "09:00-12:00",
    "hours-2": "",
    "hours-3": "",
    "hours-4": "",
    "hours-5": "",
    "hours-6": "",
    "hours-7": "",
    daysOff: "",
    horizonDays: "28",
    noticeHours: "24",
    [`offer-${p.kind.id}`]: "online",
    [`location-${p.kind.id}`]: "https://meet.example.org/riverside",
    ...fields,
  });

  it("refuses an adviser's settings with any field wrong, naming each, and stores none of them", async () => {
    const refused = await post(
      adviserSettings(p.ids.adviser),
      p.cookies.colleague,
      hours({
        timeZone: "Mars/Olympus",
        "hours-2": "14:00-17:00",
        "hours-3": "09:00-12:00, 11:00-13:00",
        horizonDays: "400",
        [`location-${p.kind.id}`]: "http://meet.example.org",
      }),
    );
    expect(refused.status).toBe(400);
    for (const message of [
      "Choose a time zone from the list",
      "Wednesday: 09:00-12:00 and 11:00-13:00 overlap",
      "Enter how many days ahead from 1 to 365",
      "Enter the meeting link, starting https://",
    ])
      expect(refused.body).toContain(message);
    // Tuesday's hours were right, but nothing was saved.
    const page = (await get(adviserSettings(p.ids.adviser), p.cookies.colleague)).body;
    expect(inputValue(page, "hours-1")).toBe("09:00-12:00");
    expect(inputValue(page, "hours-2")).toBe("");
  });

  it("saves a colleague's settings whole, on the audit log", async () => {
    const saved = await post(
      adviserSettings(p.ids.adviser),
      p.cookies.colleague,
      hours({ "hours-2": "14:00-17:00", "hours-4": "9:30-12:00", daysOff: "2030-12-24\n2030-12-25" }),
    );
    expect(saved.status).toBe(303);
    const page = (await get(adviserSettings(p.ids.adviser), p.cookies.adviser)).body;
    expect(inputValue(page, "hours-2")).toBe("14:00-17:00");
    expect(inputValue(page, "hours-4")).toBe("09:30-12:00");
    expect(page).toContain("2030-12-24, 2030-12-25");
  });

  it("refuses a kind of the wrong length and a limit out of range, storing nothing, and saves right ones", async () => {
    const kind = await post(SETTINGS, p.cookies.colleague, {
      intent: "add-kind",
      name: "Mock interview",
      minutes: "5",
      description: "",
      active: "on",
    });
    expect(kind.status).toBe(400);
    expect(kind.body).toContain("Enter the length in minutes from 10 to 180");
    expect((await get(SETTINGS, p.cookies.colleague)).body).not.toContain("Mock interview");
    const limit = await post(SETTINGS, p.cookies.colleague, { intent: "save-limit", limit: "11" });
    expect(limit.status).toBe(400);
    expect(limit.body).toContain("Enter the limit from 1 to 10");

    expect((await post(SETTINGS, p.cookies.colleague, { intent: "save-limit", limit: "3" })).status).toBe(303);
    expect(
      (await post(SETTINGS, p.cookies.colleague, { intent: "add-kind", name: "Mock interview", minutes: "60" })).status,
    ).toBe(303);
    const page = (await get(SETTINGS, p.cookies.colleague)).body;
    expect(page).toContain(">Mock interview</h3>");
    expect(inputValue(page, "limit")).toBe("3");
  });

  it("marks an admin as adviser, refuses a student (422), and switches an adviser off keeping their appointments", async () => {
    const student = await post(SETTINGS, p.cookies.adviser, { intent: "mark-adviser", adviser: String(p.ids.student) });
    expect(student.status).toBe(422);
    expect(student.body).toContain("Sam Student is not an active admin of Riverside University");

    const marked = await post(SETTINGS, p.cookies.adviser, {
      intent: "mark-adviser",
      adviser: String(p.ids.colleague),
    });
    expect(marked.status).toBe(303);
    expect(marked.location).toBe(adviserSettings(p.ids.colleague));

    const off = await post(SETTINGS, p.cookies.adviser, { intent: "switch-off", adviser: String(p.ids.busy) });
    expect(off.status).toBe(303);
    const page = (await get(SETTINGS, p.cookies.adviser)).body;
    expect(page).toMatch(/Bea Busy<\/th>.*?Switched off<\/td><td[^>]*>1<\/td>/s);
    expect((await dayPage(p.booked.busyOne, p.cookies.adviser, p.ids.busy)).body).toContain(
      "CV review with Sam Student",
    );
  });
});

describe("another university's admin, a student and a visitor", () => {
  it("gives another university's admin 404 for this university's advisers, appointments and kinds, and the other way round", async () => {
    const { started } = p.booked;
    const other = p.cookies.other;
    for (const path of [
      `${DAY_PAGE}?adviser=${p.ids.adviser}`,
      `${DAY_PAGE}/${started.id}/student`,
      `${DAY_PAGE}/${started.id}/cv.pdf`,
      `/university-dashboard/appointments/settings/advisers/${p.ids.adviser}`,
    ])
      expect((await get(path, other)).status, path).toBe(404);
    const posts: [string, Record<string, string>][] = [
      [DAY_PAGE, { intent: "save-notes", appointment: String(started.id), notes: "Not ours" }],
      [DAY_PAGE, { intent: "no-show", appointment: String(started.id), noShow: "yes" }],
      [`/university-dashboard/appointments/settings/advisers/${p.ids.adviser}`, { intent: "save-adviser" }],
      [
        "/university-dashboard/appointments/settings",
        { intent: "save-kind", kind: String(p.kind.id), name: "Taken", minutes: "30" },
      ],
      ["/university-dashboard/appointments/settings", { intent: "switch-off", adviser: String(p.ids.adviser) }],
      ["/university-dashboard/appointments/settings", { intent: "mark-adviser", adviser: String(p.ids.colleague) }],
    ];
    for (const [path, form] of posts) expect((await post(path, other, form)).status, form.intent).toBe(404);
    // Their own day holds their own appointment only.
    const theirs = await dayPage(p.booked.theirs, other);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toContain("Careers guidance with Tariq Theirs");
    expect(theirs.body).not.toContain("Sam Student");
    // And ours asking for theirs.
    expect((await get(`${DAY_PAGE}?adviser=${p.ids.other}`, p.cookies.adviser)).status).toBe(404);
    expect(
      (await post(DAY_PAGE, p.cookies.adviser, { intent: "save-notes", appointment: String(p.booked.theirs.id) }))
        .status,
    ).toBe(404);
  });

  it("sends a student to their dashboard and a visitor to log in from every page of the careers service's side", async () => {
    for (const path of [
      DAY_PAGE,
      `${DAY_PAGE}/${p.booked.started.id}/student`,
      `${DAY_PAGE}/${p.booked.started.id}/cv.pdf`,
      "/university-dashboard/appointments/settings",
      `/university-dashboard/appointments/settings/advisers/${p.ids.adviser}`,
    ]) {
      const student = await get(path, p.cookies.student);
      expect([student.status, student.location], path).toEqual([302, "/student-dashboard"]);
      const visitor = await get(path);
      expect(visitor.status, path).toBe(302);
      expect(visitor.location, path).toMatch(/^\/login/);
    }
    const posted = await post(DAY_PAGE, p.cookies.student, {
      intent: "save-notes",
      appointment: String(p.booked.later.id),
      notes: "Written by the student",
    });
    expect(posted.status).toBe(302);
  });
});

let lastFeed = "";

describe("the adviser's calendar feed", () => {
  let feedPath = "";
  const makeFeed = async (cookie: string) => {
    const made = await post(DAY_PAGE, cookie, { intent: "create-feed" });
    const path = /https?:\/\/[^"<\s]+(\/appointments\/calendar\/[A-Za-z0-9_-]{43}\.ics)/.exec(made.body)?.[1];
    return { status: made.status, path };
  };

  it("is made from the adviser's own day and shows their booked appointments, each once with its UID and sequence", async () => {
    const made = await makeFeed(p.cookies.adviser);
    expect(made.status).toBe(200);
    feedPath = made.path!;
    expect(feedPath).toBeDefined();
    const feed = await get(feedPath);
    expect(feed.status).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.headers["cache-control"]).toBe("private, no-store");
    expect(feed.body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const unfolded = feed.body.replace(/\r\n /g, "");
    const { started, later, cancelled, movedTo, busyOne, theirs } = p.booked;
    for (const a of [started, later]) expect(unfolded).toContain(`UID:${a.uid}\r\n`);
    expect(unfolded).toContain("SUMMARY:CV review with Sam Student");
    // The move is one event, at its new time, one sequence on; a cancelled one is left out, and so is anyone else's.
    expect(unfolded.split(`UID:${movedTo.uid}\r\n`)).toHaveLength(2);
    const moved = unfolded.slice(unfolded.indexOf(`UID:${movedTo.uid}`)).split("END:VEVENT")[0]!;
    expect(moved).toContain("SEQUENCE:1");
    expect(moved).toContain(`DTSTART:${movedTo.startsAt.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`);
    for (const a of [cancelled, busyOne, theirs]) expect(unfolded).not.toContain(a.uid);
    // The careers service's notes are never in it.
    expect(unfolded).not.toContain("Graduate route");
  });

  it("answers 404 to a forged secret, to the old address once replaced, and to any once turned off", async () => {
    expect((await get(`/appointments/calendar/${randomBytes(32).toString("base64url")}.ics`)).status).toBe(404);
    expect((await get("/appointments/calendar/not-a-secret.ics")).status).toBe(404);
    const replaced = await makeFeed(p.cookies.adviser);
    expect((await get(feedPath)).status).toBe(404);
    expect((await get(replaced.path!)).status).toBe(200);
    const off = await post(DAY_PAGE, p.cookies.adviser, { intent: "revoke-feed" });
    expect(off.status).toBe(303);
    expect((await get(replaced.path!)).status).toBe(404);
    lastFeed = (await makeFeed(p.cookies.adviser)).path!;
    expect((await get(lastFeed)).status).toBe(200);
  });
});

describe("what the requests left in the database", () => {
  it("kept the switched-off adviser and their appointment, the feed's secret as its SHA-256 only, and the changes to a colleague's settings, the kinds and a student's appointment on the audit log", async () => {
    const left = await data.stopAndRead(async (db) => ({
      busy: await db.select().from(careersAdvisers).where(eq(careersAdvisers.userId, p.ids.busy)),
      busyAppointments: await db.select().from(appointments).where(eq(appointments.adviserUserId, p.ids.busy)),
      adviser: (await db.select().from(careersAdvisers).where(eq(careersAdvisers.userId, p.ids.adviser)))[0]!,
      limit: (await db.select().from(universities).where(eq(universities.id, p.ours.id)))[0]!.appointmentLimit,
      audit: await db
        .select({ action: auditLog.action, targetId: auditLog.targetId, changes: auditLog.changes })
        .from(auditLog)
        .where(and(eq(auditLog.universityId, p.ours.id))),
    }));
    expect(left.busy).toMatchObject([{ active: false }]);
    expect(left.busyAppointments).toHaveLength(1);
    const secret = /([A-Za-z0-9_-]{43})\.ics$/.exec(lastFeed)![1]!;
    expect(left.adviser.calendarTokenHash).toBe(hashToken(secret));
    expect(left.adviser.calendarTokenHash).not.toContain(secret);
    expect(left.adviser.weekly).toEqual({ "1": ["09:00-12:00"], "2": ["14:00-17:00"], "4": ["09:30-12:00"] });
    expect(left.limit).toBe(3);
    expect(left.audit.map((e) => e.action).sort()).toEqual([
      "appointment.no_show_updated",
      "appointment.no_show_updated",
      "appointment.notes_updated",
      "appointment_type.added",
      "careers_adviser.marked",
      "careers_adviser.settings_updated",
      "careers_adviser.switched_off",
      "university.appointment_limit_updated",
    ]);
    // The log says the notes were written, never what they say: they are the careers service's alone.
    const notes = left.audit.find((e) => e.action === "appointment.notes_updated")!;
    expect(notes.targetId).toBe(String(p.booked.later.id));
    expect(JSON.stringify(notes.changes)).not.toContain("Graduate route");
  });
});
