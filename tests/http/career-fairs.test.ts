import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  auditLog,
  careerFairRegistrations,
  careerFairs,
  emailOutbox,
  events,
  sponsorOrganisations,
  studentProfiles,
  users,
} from "~/db/schema";
import {
  accountIn,
  createEmployerOrganisation,
  createJobPosting,
  createSession,
  createUniversity,
  createUser,
  TEST_PASSWORD,
} from "../support/factories";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type Reply, type TestServer, cookieSet, loginAs, loginAsStaff, request, startServerWithData } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

// Career fairs (issue 33): Demo University's admin sets a fair up, the platform's staff one for every
// university; students register for a ticket (a QR code and its code) and the door checks them in,
// once however many scans arrive at once. Harbour University is another university: its people see
// none of Demo University's fair, and its figures are its own.

const LONDON = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
const today = LONDON.format(new Date());
const dayFrom = (days: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const FAIR_DAY = dayFrom(30);

type Prepared = Awaited<ReturnType<typeof prepare>>;
let server: TestServer;
let smtp: TestSmtpServer;
let prepared: Prepared;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
const cookies: Record<string, string> = {};
const sessionOf = async (db: Db, userId: number) =>
  `sid=${(await createSession(db, userId, TEST_SESSION_SECRET)).token}`;

async function prepare(db: Db) {
  const harbour = await createUniversity(db, { name: "Harbour University" });
  const harbourStudent = await createUser(db, {
    universityId: harbour.id,
    name: "Hana Harbour",
    ...accountIn("active"),
  });
  const harbourAdmin = await createUser(db, {
    universityId: harbour.id,
    role: "university_admin",
    ...accountIn("active"),
  });
  // A verified employer on the register with a licence (its badge), with an open job; one not verified.
  await db.insert(sponsorOrganisations).values({
    orgKey: "harbour-fair-employer|london",
    slug: "harbour-fair-employer",
    name: "Lighthouse Analytics Ltd",
    town: "London",
    county: "",
    licences: [{ route: "Skilled Worker", type: "Worker", rating: "A rating" }],
    routes: ["Skilled Worker"],
    ratingKeys: ["a"],
    townKey: "london",
    countyKey: "",
    firstSeen: "2026-01-01",
  });
  const employer = await createEmployerOrganisation(db, {
    name: "Lighthouse Analytics Ltd",
    registerOrgKey: "harbour-fair-employer|london",
  });
  await createJobPosting(db, {
    employerOrganisationId: employer.id,
    title: "Graduate data analyst",
    sponsorshipStatus: "likely",
  });
  const unverified = await createEmployerOrganisation(db, { verifiedAt: null, verification: null });

  // Harbour's fair of ten days ago, for its analytics: 6 master's students (5 attended), 5
  // undergraduates (all attended) and 1 foundation student (who did not come).
  const past = new Date(Date.parse(`${dayFrom(-10)}T10:00:00Z`));
  const [fair] = await db
    .insert(careerFairs)
    .values({
      slug: "harbour-autumn-fair",
      universityId: harbour.id,
      title: "Harbour Autumn Fair",
      summary: "The autumn fair of Harbour University, for its students.",
      startsAt: past,
      endsAt: new Date(past.getTime() + 6 * 3_600_000),
      timeZone: "Europe/London",
      format: "in-person",
      venue: "Harbour Hall",
      createdAt: past,
      updatedAt: past,
    })
    .returning();
  const goers = [
    ...Array.from({ length: 6 }, (_, i) => ({ level: "postgraduate_taught" as const, attended: i < 5 })),
    ...Array.from({ length: 5 }, () => ({ level: "undergraduate" as const, attended: true })),
    { level: "foundation" as const, attended: false },
  ];
  for (const [i, g] of goers.entries()) {
    const student = await createUser(db, { universityId: harbour.id, ...accountIn("active") });
    await db
      .insert(studentProfiles)
      .values({ userId: student.id, studyLevel: g.level, course: "MSc Data Science", visaType: "student" });
    await db.insert(careerFairRegistrations).values({
      fairId: fair!.id,
      userId: student.id,
      universityId: harbour.id,
      code: `PAST${String(i).padStart(4, "0")}`,
      createdAt: past,
      checkedInAt: g.attended ? past : null,
    });
  }
  // Harbour students for the fairs with few places: no profile, so the analytics above stay as they are.
  const crowd = [];
  for (let i = 0; i < 9; i++) {
    const student = await createUser(db, {
      universityId: harbour.id,
      name: `Queue Student ${i}`,
      email: `queue-${i}@harbour.test`,
      ...accountIn("active"),
    });
    crowd.push({ id: student.id, email: student.email, cookie: await sessionOf(db, student.id) });
  }
  return {
    crowd,
    harbourStudent: {
      id: harbourStudent.id,
      name: harbourStudent.name,
      cookie: await sessionOf(db, harbourStudent.id),
    },
    harbourAdmin: await sessionOf(db, harbourAdmin.id),
    employer: employer.id,
    unverified: unverified.id,
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const started = await startServerWithData(prepare, {
    SESSION_SECRET: TEST_SESSION_SECRET,
    SMTP_URL: smtp.url,
    PUBLIC_URL: "http://localhost",
  });
  ({ server, prepared, stopAndRead } = started);
  for (const email of [
    "student@demo.test",
    "basic.student@demo.test",
    "predeparture@demo.test",
    "admin@demo.test",
    "admin@second.test",
  ])
    cookies[email] = await loginAs(server, email);
  cookies.staff = await loginAsStaff(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const who = (name: string) => cookies[name] ?? name;
const get = (path: string, cookie?: string) => request(server, { path, cookie: cookie && who(cookie) });
const post = (path: string, form: Record<string, string>, cookie: string) =>
  request(server, { path, form, cookie: who(cookie), headers: { "Sec-Fetch-Site": "same-origin" } });
const text = (reply: Reply) => reply.body.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

const FAIR = {
  title: "Demo University Graduate Jobs Fair",
  summary: "Employers hiring graduates, and talks on visas and CVs.",
  day: FAIR_DAY,
  start: "10:00",
  end: "16:00",
  timeZone: "Europe/London",
  format: "in-person",
  venue: "Main Hall, Demo University",
  joinUrl: "",
};
const ADMIN_FAIRS = "/university-dashboard/career-fairs";
let demoFair: string;
let platformFair: string;
const door = (slug: string) => `${ADMIN_FAIRS}/${slug}/check-in`;
const checkIn = (slug: string, code: string, cookie = "admin@demo.test") => post(door(slug), { code }, cookie);
const ticketCode = (html: string) => /([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})<\/strong>/.exec(html)?.[1];
const register = (slug: string, cookie: string) => post(`/career-fairs/${slug}`, { intent: "register" }, cookie);
/** The value a page's form field shows. */
const fieldValue = (html: string, name: string) =>
  /\svalue="([^"]*)"/.exec(new RegExp(`<input[^>]*\\sname="${name}"[^>]*>`).exec(html)?.[0] ?? "")?.[1];

describe("setting up a fair", () => {
  it("refuses bad details with each field's error, storing nothing", async () => {
    const bad = await post(
      `${ADMIN_FAIRS}/new`,
      { ...FAIR, title: "Fair", end: "09:00", format: "in-person", venue: "" },
      "admin@demo.test",
    );
    expect(bad.status).toBe(400);
    expect(text(bad)).toContain("Give the fair a title of at least 5 characters");
    expect(text(bad)).toContain("The fair must end after it starts");
    expect(text(bad)).toContain("Enter the place: the building and its address");
    const online = await post(
      `${ADMIN_FAIRS}/new`,
      { ...FAIR, format: "online", joinUrl: "http://x" },
      "admin@demo.test",
    );
    expect(online.status).toBe(400);
    expect(text(online)).toContain("Enter the link to join, starting https://");
    expect(text(await get(ADMIN_FAIRS, "admin@demo.test"))).not.toContain(FAIR.title);
  });

  it("lets a university's admin set one up for their university, then opens its page", async () => {
    const made = await post(`${ADMIN_FAIRS}/new`, FAIR, "admin@demo.test");
    expect(made.status).toBe(303);
    demoFair = /^\/university-dashboard\/career-fairs\/([a-z0-9-]+)$/.exec(made.location!)![1]!;
    expect(demoFair).toMatch(/^demo-university-graduate-jobs-fair-/);
    const page = text(await get(made.location!, "admin@demo.test"));
    expect(page).toContain(FAIR.title);
    expect(fieldValue(page, "day")).toBe(FAIR_DAY);
    expect(fieldValue(page, "start")).toBe("10:00");
    const list = text(await get(ADMIN_FAIRS, "admin@demo.test"));
    expect(list).toContain(FAIR.title);
    expect(list).toContain(`href="${door(demoFair)}"`);
    // The area's navigation names the page; the header's "Dashboard" is the dashboard's own page only.
    const current = [...list.matchAll(/<a[^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(current).toEqual(["Career fairs"]);
  });

  it("adds a verified employer and a name typed in as exhibitors, refusing others and the same one twice", async () => {
    const editor = `${ADMIN_FAIRS}/${demoFair}`;
    const add = (form: Record<string, string>) =>
      post(editor, { intent: "add-exhibitor", organisation: "", name: "", ...form }, "admin@demo.test");
    expect((await add({ organisation: String(prepared.employer) })).status).toBe(303);
    const twice = await add({ organisation: String(prepared.employer) });
    expect(twice.status).toBe(409);
    expect(text(twice)).toContain("That employer is exhibiting at this fair already.");
    expect((await add({ organisation: String(prepared.unverified) })).status).toBe(422);
    expect((await add({ organisation: "abc" })).status).toBe(400);
    expect((await add({})).status).toBe(400);
    const both = await add({ organisation: String(prepared.employer), name: "Also typed" });
    expect(both.status).toBe(400);
    expect(text(both)).toContain("Choose an employer or type a name, not both");
    expect((await add({ name: "Quayside Engineering" })).status).toBe(303);
    expect((await add({ name: "quayside engineering" })).status).toBe(409);
  });

  it("adds talks within the fair's hours to its timetable, and refuses others", async () => {
    const editor = `${ADMIN_FAIRS}/${demoFair}`;
    const talk = (form: Record<string, string>) =>
      post(
        editor,
        { intent: "add-talk", talkTitle: "Visas after graduation", speaker: "A. Adviser", room: "Room 1", ...form },
        "admin@demo.test",
      );
    const early = await talk({ talkStart: "09:00", talkEnd: "09:30" });
    expect(early.status).toBe(422);
    expect(text(early)).toContain("Talks are within the fair's hours, 10:00 to 16:00");
    expect((await talk({ talkStart: "11:30", talkEnd: "11:00" })).status).toBe(400);
    expect((await talk({ talkStart: "11:00", talkEnd: "11:30" })).status).toBe(303);
    // The fair's hours cannot shrink past a talk.
    const shorter = await post(editor, { intent: "details", ...FAIR, start: "11:15" }, "admin@demo.test");
    expect(shorter.status).toBe(422);
    expect(text(shorter)).toContain("These talks would fall outside the new hours: Visas after graduation.");
    expect(fieldValue(text(await get(editor, "admin@demo.test")), "start")).toBe("10:00");
  });

  it("lets the platform's staff set up a fair for every university from the console", async () => {
    const made = await post(
      "/ops/career-fairs/new",
      {
        ...FAIR,
        title: "National Online Careers Fair",
        format: "online",
        venue: "",
        joinUrl: "https://meet.example.org/fair",
      },
      "staff",
    );
    expect(made.status).toBe(303);
    platformFair = /^\/ops\/career-fairs\/([a-z0-9-]+)$/.exec(made.location!)![1]!;
    expect(text(await get("/ops/career-fairs", "staff"))).toContain("National Online Careers Fair");
  });

  it("keeps each fair to those who run it: another university's admin and the console get 404", async () => {
    const editor = `${ADMIN_FAIRS}/${demoFair}`;
    expect((await get(editor, "admin@second.test")).status).toBe(404);
    expect((await post(editor, { intent: "add-exhibitor", name: "Intruder Ltd" }, "admin@second.test")).status).toBe(
      404,
    );
    expect((await get(`/ops/career-fairs/${demoFair}`, "staff")).status).toBe(404);
    // A platform fair is the console's to edit: a university's admin keeps only its door.
    expect((await get(`${ADMIN_FAIRS}/${platformFair}`, "admin@demo.test")).status).toBe(404);
    expect((await get("/ops/career-fairs", "admin@demo.test")).status).toBe(404);
    expect((await get(ADMIN_FAIRS, "student@demo.test")).status).toBe(302);
    expect((await get(ADMIN_FAIRS)).location).toMatch(/^\/login/);
  });
});

describe("the fairs' pages", () => {
  it("list a student's own university's fairs and the platform's, and never another university's", async () => {
    const mine = text(await get("/career-fairs", "student@demo.test"));
    expect(mine).toContain(FAIR.title);
    expect(mine).toContain("National Online Careers Fair");
    expect(mine).toContain("Demo University Spring Careers Fair");
    const theirs = text(await get("/career-fairs", prepared.harbourStudent.cookie));
    expect(theirs).toContain("National Online Careers Fair");
    expect(theirs).not.toContain(FAIR.title);
    expect((await get(`/career-fairs/${demoFair}`, prepared.harbourStudent.cookie)).status).toBe(404);
    expect((await register(demoFair, prepared.harbourStudent.cookie)).status).toBe(404);
    expect((await get("/career-fairs/no-such-fair", "student@demo.test")).status).toBe(404);
  });

  it("list only online fairs to a student who has not arrived yet, and send a visitor to log in", async () => {
    const abroad = text(await get("/career-fairs", "predeparture@demo.test"));
    expect(abroad).toContain("National Online Careers Fair");
    expect(abroad).not.toContain(FAIR.title);
    expect((await get(`/career-fairs/${demoFair}`, "predeparture@demo.test")).status).toBe(404);
    const visitor = await get("/career-fairs");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
  });

  it("show the exhibitors, a verified employer's open jobs with their verdicts and its badge, and the talks", async () => {
    const page = text(await get(`/career-fairs/${demoFair}`, "student@demo.test"));
    expect(page).toContain("Lighthouse Analytics Ltd");
    expect(page).toContain("Verified licensed sponsor");
    expect(page).toMatch(/href="\/jobs\/[^"]+"[^>]*>Graduate data analyst<\/a>/);
    expect(page).toContain("Likely eligible for sponsorship");
    expect(page).toContain("Quayside Engineering");
    expect(page).toContain("Visas after graduation");
    expect(page).toContain("11:00 to 11:30");
  });
});

describe("registering and the door", () => {
  let aisha: string;

  it("gives a student a ticket: a QR code drawn as SVG on the server and its code in text, once however often they ask", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => register(demoFair, "student@demo.test")));
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    const page = text(await get(`/career-fairs/${demoFair}`, "student@demo.test"));
    expect(page).toMatch(/role="img" aria-label="QR code of your ticket, [0-9A-Z]{4}-[0-9A-Z]{4}"[^>]*><svg[^>]*>/);
    expect(page).toContain("<path");
    aisha = ticketCode(page)!;
    expect(aisha).toBeDefined();
    expect(page).toContain(`QR code of your ticket, ${aisha}`);
    // Another look, or another post: the same ticket.
    expect((await register(demoFair, "student@demo.test")).status).toBe(303);
    expect(ticketCode(text(await get(`/career-fairs/${demoFair}`, "student@demo.test")))).toBe(aisha);
    // Emailed once (what was stored counts them), with the code, the fair's page and a calendar file.
    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("student@demo.test") && m.subject === `Your ticket: ${FAIR.title}`,
    );
    expect(mail.text).toContain(`Your ticket's code is ${aisha}`);
    expect(mail.text).toContain(`Your ticket: http://localhost/career-fairs/${demoFair}`);
    const ics = mail.attachments.find((a) => a.filename === "career-fair.ics")!.content.toString();
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain(`SUMMARY:${FAIR.title}`);
  });

  it("shows the joining link of an online fair only once registered", async () => {
    expect(text(await get(`/career-fairs/${platformFair}`, "student@demo.test"))).not.toContain("meet.example.org");
    expect((await register(platformFair, "student@demo.test")).status).toBe(303);
    expect(text(await get(`/career-fairs/${platformFair}`, "student@demo.test"))).toContain(
      'href="https://meet.example.org/fair"',
    );
  });

  it("answers welcome, then already checked in, not registered, and not this fair", async () => {
    const welcome = await checkIn(demoFair, aisha.toLowerCase());
    expect(welcome.status).toBe(200);
    expect(text(welcome)).toContain("Welcome, Aisha Khan");
    const again = await checkIn(demoFair, aisha);
    expect(again.status).toBe(200);
    expect(text(again)).toContain("Already checked in");
    expect(text(again)).toMatch(/Aisha Khan was checked in at \d\d:\d\d\./);
    const unknown = await checkIn(demoFair, "zzzz zzzz");
    expect(unknown.status).toBe(404);
    expect(text(unknown)).toContain("Not registered");
    expect(text(unknown)).toContain("No ticket for this fair has the code ZZZZ-ZZZZ.");
    // Aisha's ticket for the online fair, at the other fair's door.
    const online = ticketCode(text(await get(`/career-fairs/${platformFair}`, "student@demo.test")))!;
    const wrong = await checkIn(demoFair, online);
    expect(wrong.status).toBe(404);
    expect(text(wrong)).toContain("Not this fair");
    const counts = text(await get(door(demoFair), "admin@demo.test"));
    expect(counts).toContain("1 of 1 tickets checked in");
  });

  it("refuses what cannot be a code with 400, checking nothing in", async () => {
    const bad = await checkIn(demoFair, "abc");
    expect(bad.status).toBe(400);
    expect(text(bad)).toContain("A ticket's code is 8 letters and digits, like 7K2M-Q9XD");
    expect((await checkIn(demoFair, "")).status).toBe(400);
  });

  it("checks a ticket scanned many times at once in once: one welcome, the rest already checked in", async () => {
    expect((await register(demoFair, "basic.student@demo.test")).status).toBe(303);
    const code = ticketCode(text(await get(`/career-fairs/${demoFair}`, "basic.student@demo.test")))!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkIn(demoFair, code)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => text(a).includes("Welcome, Daniel Okafor"))).toHaveLength(1);
    expect(answers.filter((a) => text(a).includes("Already checked in"))).toHaveLength(5);
  });

  it("at the platform's fair, lets each university's staff check in their own students only", async () => {
    expect((await register(platformFair, prepared.harbourStudent.cookie)).status).toBe(303);
    const code = ticketCode(text(await get(`/career-fairs/${platformFair}`, prepared.harbourStudent.cookie)))!;
    const demoDoor = await checkIn(platformFair, code);
    expect(demoDoor.status).toBe(404);
    expect(text(demoDoor)).toContain("No ticket of Demo University's students for this fair has the code");
    expect(text(demoDoor)).not.toContain(prepared.harbourStudent.name);
    const harbourDoor = await checkIn(platformFair, code, prepared.harbourAdmin);
    expect(harbourDoor.status).toBe(200);
    expect(text(harbourDoor)).toContain(`Welcome, ${prepared.harbourStudent.name}`);
    // Each door counts its own university's tickets.
    expect(text(await get(door(platformFair), prepared.harbourAdmin))).toContain(
      "1 of 1 Harbour University students checked in",
    );
  });

  it("lists who registered as CSV, the admin's own students only at the platform's fair", async () => {
    const csvOf = (slug: string) => `${ADMIN_FAIRS}/${slug}/registrations.csv`;
    expect(text(await get(door(demoFair), "admin@demo.test"))).toContain(`href="${csvOf(demoFair)}"`);
    const own = await get(csvOf(demoFair), "admin@demo.test");
    expect(own.status).toBe(200);
    expect(own.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    const lines = own.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Name,Email,Course,Level of study,Registered (Europe/London),Checked in (Europe/London)");
    // By name, each checked in at the door on the fair's clock.
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 2).join(","))).toEqual([
      "Aisha Khan,student@demo.test",
      "Daniel Okafor,basic.student@demo.test",
    ]);
    for (const l of lines.slice(1)) expect(l).toMatch(/,\d{4}-\d\d-\d\d \d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d$/);
    // At the platform's fair, each university's admin lists their own students.
    const harbour = (await get(csvOf(platformFair), prepared.harbourAdmin)).body;
    expect(harbour).toContain(prepared.harbourStudent.name);
    expect(harbour).not.toContain("student@demo.test");
    expect((await get(csvOf(platformFair), "admin@demo.test")).body).not.toContain(prepared.harbourStudent.name);
    expect((await get(csvOf(demoFair), "admin@second.test")).status).toBe(404);
    expect((await get(csvOf(demoFair), "student@demo.test")).status).toBe(302);
  });

  it("keeps another university's fair's door closed: 404 to see it or check in at it", async () => {
    expect((await get(door(demoFair), "admin@second.test")).status).toBe(404);
    expect((await checkIn(demoFair, aisha, "admin@second.test")).status).toBe(404);
    expect((await get(door(demoFair), "student@demo.test")).status).toBe(302);
  });

  it("lets the door page alone use the camera", async () => {
    const doorPage = await get(door(demoFair), "admin@demo.test");
    expect(doorPage.status).toBe(200);
    expect(doorPage.headers["permissions-policy"]).toBe("camera=(self), microphone=(), geolocation=()");
    expect((await checkIn(demoFair, aisha)).headers["permissions-policy"]).toBe(
      "camera=(self), microphone=(), geolocation=()",
    );
    expect((await get(`/career-fairs/${demoFair}`, "student@demo.test")).headers["permissions-policy"]).toBe(
      "camera=(), microphone=(), geolocation=()",
    );
  });

  it("lets a student give up their place before the fair, but not once checked in", async () => {
    expect((await post(`/career-fairs/${platformFair}`, { intent: "cancel" }, "student@demo.test")).status).toBe(303);
    const given = await smtp.next(
      (m) => m.envelopeTo.includes("student@demo.test") && /^Place given up: /.test(m.subject ?? ""),
    );
    expect(given.subject).toBe("Place given up: National Online Careers Fair");
    const off = given.attachments.find((a) => a.filename === "career-fair-cancelled.ics")!.content.toString();
    expect(off).toContain("METHOD:CANCEL");
    expect(off).toContain("STATUS:CANCELLED");
    expect(text(await get(`/career-fairs/${platformFair}`, "student@demo.test"))).toContain("Register for this fair");
    expect((await post(`/career-fairs/${platformFair}`, { intent: "cancel" }, "student@demo.test")).status).toBe(404);
    const checkedIn = await post(`/career-fairs/${demoFair}`, { intent: "cancel" }, "student@demo.test");
    expect(checkedIn.status).toBe(409);
    expect((await register(demoFair, "admin@demo.test")).status).toBe(403);
  });
});

describe("calling a fair off", () => {
  it("deletes a fair that has not started, telling each ticket holder by email, audited; one under way or over stays", async () => {
    const made = await post(`${ADMIN_FAIRS}/new`, { ...FAIR, title: "Spring Fair Called Off" }, "admin@demo.test");
    const editor = made.location!;
    const slug = editor.split("/").at(-1)!;
    expect((await register(slug, "basic.student@demo.test")).status).toBe(303);
    const page = text(await get(editor, "admin@demo.test"));
    expect(page).toContain("Call the fair off");
    expect(page).toContain("The student with a ticket is told by email");
    // Another university's admin cannot; nor without ticking the box.
    expect((await post(editor, { intent: "call-off", confirm: "yes" }, "admin@second.test")).status).toBe(404);
    const unticked = await post(editor, { intent: "call-off" }, "admin@demo.test");
    expect(unticked.status).toBe(400);
    expect(text(unticked)).toContain("Tick the box to confirm");
    expect((await get(`/career-fairs/${slug}`, "basic.student@demo.test")).status).toBe(200);

    const off = await post(editor, { intent: "call-off", confirm: "yes" }, "admin@demo.test");
    expect(off.status).toBe(303);
    expect(off.location).toBe(ADMIN_FAIRS);
    expect(decodeURIComponent(cookieSet(off, "flash") ?? "")).toBe(
      "“Spring Fair Called Off” is called off. The student with a ticket is told by email.",
    );
    expect((await get(`/career-fairs/${slug}`, "basic.student@demo.test")).status).toBe(404);
    expect(text(await get(ADMIN_FAIRS, "admin@demo.test"))).not.toContain("Spring Fair Called Off");
    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("basic.student@demo.test") && m.subject === "Called off: Spring Fair Called Off",
    );
    expect(mail.text).toContain("has been called off, and your ticket with it");
    const ics = mail.attachments.find((a) => a.filename === "career-fair-cancelled.ics")!.content.toString();
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");

    // Harbour's fair was ten days ago: it stays, with its tickets, for the analytics.
    const past = "/university-dashboard/career-fairs/harbour-autumn-fair";
    expect(text(await get(past, prepared.harbourAdmin))).not.toContain("Call the fair off");
    const late = await post(past, { intent: "call-off", confirm: "yes" }, prepared.harbourAdmin);
    expect(late.status).toBe(409);
    expect(text(late)).toContain("This fair has started: it cannot be called off now.");
  });
});

describe("the student's own data", () => {
  it("puts their tickets in Your data, and deleting the account takes them with it", async () => {
    const mine = JSON.parse((await get("/account/your-data.json", "student@demo.test")).body) as {
      careerFairTickets: { fair: string; code: string; checkedInAt: string | null }[];
    };
    expect(mine.careerFairTickets).toEqual([
      expect.objectContaining({ fair: FAIR.title, code: expect.stringMatching(/^[0-9A-Z]{8}$/) as string }),
    ]);
    expect(mine.careerFairTickets[0]!.checkedInAt).not.toBeNull();
    const deleted = await post("/account/delete", { password: TEST_PASSWORD }, prepared.harbourStudent.cookie);
    expect(deleted.status).toBe(303);
  });
});

describe("the analytics", () => {
  it("count a university's students registered and attended by level, withholding groups under 5, in the page and its CSV", async () => {
    const page = text(await get("/student-circus-analytics", prepared.harbourAdmin));
    const start = page.indexOf('id="fairs-by-level-caption"');
    expect(start).toBeGreaterThan(0);
    const rows = [...page.slice(start, page.indexOf("</table>", start)).matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(
      (tr) => [...tr[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "")),
    );
    expect(rows[0]).toEqual(["Level", "Registered", "Attended"]);
    const row = (label: string) => rows.find((r) => r[0] === label)?.slice(1);
    expect(row("Postgraduate taught (master's)")).toEqual(["6", "5"]);
    // One group under 5 registered (1), so the next smallest (5) is withheld too; 0 names no one.
    expect(row("Undergraduate (bachelor's)")).toEqual(["fewer than 5", "5"]);
    expect(row("Foundation or pre-sessional")).toEqual(["fewer than 5", "0"]);
    const csv = await get("/analytics-csv/engagement/fairs-by-level", prepared.harbourAdmin);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain("Postgraduate taught (master's),6,5");
    expect(csv.body).toContain("Undergraduate (bachelor's),fewer than 5,5");
    const byCourse = await get("/analytics-csv/engagement/fairs-by-course", prepared.harbourAdmin);
    expect(byCourse.body).toContain("MSc Data Science,12,10");
    // Demo University's admin sees none of Harbour's.
    const demo = await get("/analytics-csv/engagement/fairs-by-course", "admin@demo.test");
    expect(demo.body).not.toContain("MSc Data Science");
  });
});

describe("a fair's places and its waiting list", () => {
  const HARBOUR_FAIRS = ADMIN_FAIRS;
  const setUp = async (title: string, capacity: string) => {
    const made = await post(`${HARBOUR_FAIRS}/new`, { ...FAIR, title, capacity }, prepared.harbourAdmin);
    expect(made.status).toBe(303);
    return { editor: made.location!, page: `/career-fairs/${made.location!.split("/").at(-1)!}` };
  };
  const crowd = (i: number) => prepared.crowd[i]!;
  const details = (capacity: string) => ({ intent: "details", ...FAIR, title: "Harbour Careers Breakfast", capacity });
  const flash = (reply: Reply) => decodeURIComponent(cookieSet(reply, "flash") ?? "");
  /** The list item of the fair of this title on the list of fairs. */
  const listed = (reply: Reply, title: string) =>
    [...text(reply).matchAll(/<li class="rounded[^"]*">([\s\S]*?)<\/li>/g)].find((m) =>
      m[1]!.includes(`>${title}</a>`),
    )?.[1] ?? "";
  /** The cells of the table row of the fair of this title, as text. */
  const rowOf = (html: string, title: string) =>
    [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)]
      .map((tr) => [...tr[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "")))
      .find((cells) => cells[0]?.startsWith(title)) ?? [];

  it("gives its places in turn, then a waiting list; a place given up or added goes to the longest waiting, emailed", async () => {
    const { editor, page } = await setUp("Harbour Careers Breakfast", "1");
    expect(text(await get(page, crowd(0).cookie))).toContain("1 of 1 left");
    expect((await post(page, { intent: "register" }, crowd(0).cookie)).status).toBe(303);

    // Full: the next two join the waiting list, in turn.
    const full = text(await get(page, crowd(1).cookie));
    expect(full).toContain("All 1 taken: a waiting list is open");
    expect(full).toContain("Join the waiting list");
    const second = await post(page, { intent: "register" }, crowd(1).cookie);
    expect(second.status).toBe(303);
    expect(flash(second)).toBe(
      "This fair is full: you are number 1 on its waiting list. If a place comes up, it is yours, and we will email you your ticket.",
    );
    expect(text(await get(page, crowd(1).cookie))).toContain("you are number 1 on its waiting list");
    // The list says so of this fair alone, each fair counting its own exhibitors and tickets.
    expect(listed(await get("/career-fairs", crowd(1).cookie), "Harbour Careers Breakfast")).toContain(
      "You are on the waiting list.",
    );
    const others = listed(await get("/career-fairs", crowd(2).cookie), "Harbour Careers Breakfast");
    expect(others).toContain("Full: a waiting list is open.");
    expect(others).toContain("0 employers");
    expect(listed(await get("/career-fairs", crowd(0).cookie), "Harbour Careers Breakfast")).toContain(
      "You are registered.",
    );
    expect(flash(await post(page, { intent: "register" }, crowd(2).cookie))).toContain("you are number 2");
    // Asking again keeps one's place; leaving gives it up; leaving twice is refused.
    expect(flash(await post(page, { intent: "register" }, crowd(1).cookie))).toContain("you are number 1");
    expect((await post(page, { intent: "leave-waiting-list" }, crowd(2).cookie)).status).toBe(303);
    const again = await post(page, { intent: "leave-waiting-list" }, crowd(2).cookie);
    expect(again.status).toBe(404);
    expect(text(again)).toContain("You are not on this fair's waiting list");
    expect(flash(await post(page, { intent: "register" }, crowd(2).cookie))).toContain("you are number 2");
    expect(text(await get(editor, prepared.harbourAdmin))).toContain(
      "1 ticket taken of 1 place; 2 on the waiting list.",
    );

    // The ticket holder gives their place up: the first waiting gets it, with their ticket by email.
    expect((await post(page, { intent: "cancel" }, crowd(0).cookie)).status).toBe(303);
    const cameUp = await smtp.next(
      (m) => m.envelopeTo.includes(crowd(1).email) && m.subject === "A place came up: Harbour Careers Breakfast",
    );
    const code = ticketCode(text(await get(page, crowd(1).cookie)));
    expect(code).toBeDefined();
    expect(cameUp.text).toContain(`Your ticket's code is ${code}`);
    const ics = cameUp.attachments.find((a) => a.filename === "career-fair.ics")!.content.toString();
    expect(ics).toContain("METHOD:PUBLISH");
    expect(text(await get(page, crowd(2).cookie))).toContain("you are number 1 on its waiting list");
    // The one who gave it up is now behind the list.
    expect(flash(await post(page, { intent: "register" }, crowd(0).cookie))).toContain("you are number 2");

    // More places (here no limit) go to the list at once; fewer than the tickets held are refused.
    // Saved with an earlier start, which the emails give.
    const unlimited = await post(editor, { ...details(""), start: "09:30" }, prepared.harbourAdmin);
    expect(unlimited.status).toBe(303);
    expect(flash(unlimited)).toBe(
      "The fair's details are saved. The first 2 students on the waiting list have places now, and are told by email.",
    );
    const given = await smtp.next(
      (m) => m.envelopeTo.includes(crowd(2).email) && /^A place came up/.test(m.subject ?? ""),
    );
    expect(given.text).toContain("09:30 to 16:00");
    await smtp.next((m) => m.envelopeTo.includes(crowd(0).email) && /^A place came up/.test(m.subject ?? ""));
    const below = await post(editor, details("2"), prepared.harbourAdmin);
    expect(below.status).toBe(422);
    expect(text(below)).toContain(
      "3 students hold tickets already: give the fair at least 3 places, or leave it empty for no limit",
    );
    const bad = await post(editor, details("0"), prepared.harbourAdmin);
    expect(bad.status).toBe(400);
    expect(text(bad)).toContain("Enter the number of places as a whole number from 1 to 100,000");
    expect(text(await get(editor, prepared.harbourAdmin))).toContain("3 tickets taken; no limit on places.");
    // The admin's list counts each fair's own tickets and check-ins.
    const fairs = text(await get(ADMIN_FAIRS, prepared.harbourAdmin));
    expect(rowOf(fairs, "Harbour Careers Breakfast").slice(2, 4)).toEqual(["3", "0"]);
    expect(rowOf(fairs, "Harbour Autumn Fair").slice(2, 4)).toEqual(["12", "10"]);
  });

  it("never gives one place twice when many register at once, and a deleted account's place goes to the first waiting", async () => {
    const { editor, page } = await setUp("Harbour Speed Networking", "3");
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(page, { intent: "register" }, crowd(i).cookie)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(303));
    const said = replies.map(flash);
    expect(said.filter((m) => m.startsWith("You're registered."))).toHaveLength(3);
    const places = said.flatMap((m) => /you are number (\d+)/.exec(m)?.[1] ?? []).map(Number);
    expect(places.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(text(await get(editor, prepared.harbourAdmin))).toContain(
      "3 tickets taken of 3 places; 5 on the waiting list.",
    );

    // A ticket holder deletes their account: their place goes to the first waiting at once, emailed.
    const holder = said.findIndex((m) => m.startsWith("You're registered."));
    const first = said.findIndex((m) => m.includes("you are number 1 on"));
    expect((await post("/account/delete", { password: TEST_PASSWORD }, crowd(holder).cookie)).status).toBe(303);
    await smtp.next((m) => m.envelopeTo.includes(crowd(first).email) && /^A place came up/.test(m.subject ?? ""));
    expect(flash(await post(page, { intent: "register" }, crowd(8).cookie))).toContain("you are number 5");
    expect(ticketCode(text(await get(page, crowd(first).cookie)))).toBeDefined();

    // A place on a waiting list is the student's data.
    const waiter = said.findIndex((m) => m.includes("you are number 2 on"));
    const theirs = JSON.parse((await get("/account/your-data.json", crowd(waiter).cookie)).body) as {
      careerFairWaitingLists: { fair: string }[];
    };
    expect(theirs.careerFairWaitingLists.map((w) => w.fair)).toEqual(["Harbour Speed Networking"]);

    // Called off: the ticket holders and those waiting are told, the waiting without a calendar file.
    const off = await post(editor, { intent: "call-off", confirm: "yes" }, prepared.harbourAdmin);
    expect(flash(off)).toBe(
      "“Harbour Speed Networking” is called off. The 3 students with tickets and the 5 students on the waiting list are told by email.",
    );
    const told = await smtp.next(
      (m) => m.envelopeTo.includes(crowd(waiter).email) && m.subject === "Called off: Harbour Speed Networking",
    );
    expect(told.text).toContain("has been called off, and its waiting list with it");
    expect(told.attachments).toEqual([]);
  });
});

describe("what was stored", () => {
  it("holds one ticket a student, one check-in and one attendance event however many scans, and nothing refused", async () => {
    const stored = await stopAndRead(async (db) => {
      const demo = await db.select().from(careerFairs).where(eq(careerFairs.slug, demoFair));
      const tickets = await db
        .select({ email: users.email, checkedInAt: careerFairRegistrations.checkedInAt })
        .from(careerFairRegistrations)
        .innerJoin(users, eq(users.id, careerFairRegistrations.userId))
        .where(eq(careerFairRegistrations.fairId, demo[0]!.id));
      const kinds = await db
        .select({ kind: events.kind, email: users.email, n: sql<number>`count(*)::int` })
        .from(events)
        .innerJoin(users, eq(users.id, events.userId))
        .where(and(sql`${events.kind} like 'career_fair.%'`, sql`${events.data} ->> 'fair' = ${String(demo[0]!.id)}`))
        .groupBy(events.kind, users.email);
      const fairs = await db.select({ title: careerFairs.title }).from(careerFairs);
      const deleted = await db
        .select({ id: careerFairRegistrations.id })
        .from(careerFairRegistrations)
        .where(eq(careerFairRegistrations.userId, prepared.harbourStudent.id));
      const mail = await db
        .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Your ticket: ${FAIR.title}`));
      const calledOff = await db
        .select({ action: auditLog.action, changes: auditLog.changes })
        .from(auditLog)
        .where(eq(auditLog.action, "career_fair.called_off"))
        .orderBy(auditLog.id);
      return { tickets, kinds, fairs: fairs.map((f) => f.title), deleted: deleted.length, mail, calledOff };
    });
    expect(stored.calledOff.map((c) => c.changes)).toEqual([
      expect.objectContaining({
        title: { before: "Spring Fair Called Off", after: null },
        tickets: { before: 1, after: null },
        waiting: { before: 0, after: null },
      }),
      expect.objectContaining({
        title: { before: "Harbour Speed Networking", after: null },
        capacity: { before: 3, after: null },
        tickets: { before: 3, after: null },
        waiting: { before: 5, after: null },
      }),
    ]);
    expect(stored.fairs).not.toContain("Spring Fair Called Off");
    // One email a ticket, however often its student asked.
    expect(stored.mail.map((m) => m.to).sort()).toEqual(["basic.student@demo.test", "student@demo.test"]);
    expect(stored.tickets.map((t) => [t.email, t.checkedInAt !== null]).sort()).toEqual([
      ["basic.student@demo.test", true],
      ["student@demo.test", true],
    ]);
    expect(stored.kinds.map((k) => `${k.kind} ${k.email} ${k.n}`).sort()).toEqual([
      "career_fair.attended basic.student@demo.test 1",
      "career_fair.attended student@demo.test 1",
      "career_fair.registered basic.student@demo.test 1",
      "career_fair.registered student@demo.test 1",
    ]);
    expect(stored.fairs.filter((t) => t === "Fair" || t === FAIR.title)).toEqual([FAIR.title]);
    expect(stored.deleted).toBe(0);
  });
});
