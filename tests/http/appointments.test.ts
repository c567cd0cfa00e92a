import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { accountIn, createSession, createUniversity, createUser } from "../support/factories";
import { type TestServer, loginAs, request, startServerWithData } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

// Appointments with advisers (issue 33): Demo University's adviser (its admin, in the demo data) sees
// students on weekdays; its students book from /appointments, one time for one student however many
// ask at once, and cancel; another university's students see none of it.
let server: TestServer;
let stop: () => Promise<void>;
let other: { cookie: string };
const sameSite = { "Sec-Fetch-Site": "same-origin" };
const cookies: Record<string, string> = {};

async function prepare(db: Db) {
  const university = await createUniversity(db, { name: "Harbour University" });
  const student = await createUser(db, { universityId: university.id, ...accountIn("active") });
  return { cookie: `sid=${(await createSession(db, student.id, TEST_SESSION_SECRET)).token}` };
}

beforeAll(async () => {
  const started = await startServerWithData(prepare, { SESSION_SECRET: TEST_SESSION_SECRET });
  ({ server, stop } = started);
  other = started.prepared;
  for (const email of ["student@demo.test", "basic.student@demo.test", "admin@demo.test"])
    cookies[email] = (await loginAs(server, email))!;
});
afterAll(() => stop?.());

const page = async (who: string, query = "") =>
  (await request(server, { path: `/appointments${query}`, cookie: cookies[who] ?? who })).body;
/** The kinds on the page, by name, with their ids. */
const kindsOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/href="\/appointments\?type=(\d+)"[^>]*>([^<(]+) \((\d+) minutes\)/g)].map((m) => [
      m[2]!.trim(),
      Number(m[1]),
    ]),
  );
/** The times offered on the page's day, as posted. */
const timesOf = (html: string) => [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]!);
const book = (who: string, form: Record<string, string>) =>
  request(server, {
    path: "/appointments",
    cookie: cookies[who] ?? who,
    headers: sameSite,
    form: { intent: "book", adviser: "", note: "", tz: "Europe/London", ...form },
  });

describe("/appointments", () => {
  let cvReview: number;

  it("shows a student their careers service's kinds of appointment, and the free times of the one chosen", async () => {
    const kinds = kindsOf(await page("student@demo.test"));
    expect(Object.keys(kinds).sort()).toEqual([
      "CV review",
      "Careers guidance",
      "Working in the UK after your studies",
    ]);
    cvReview = kinds["CV review"]!;
    const times = timesOf(await page("student@demo.test", `?type=${cvReview}`));
    expect(times.length).toBeGreaterThan(0);
    // Each is a CV review's 30 minutes: "10:00 to 10:30".
    expect(await page("student@demo.test", `?type=${cvReview}`)).toMatch(/\d\d:\d\d to \d\d:\d\d/);
  });

  it("books a time for one of two students asking for it at once, and tells the other it was taken", async () => {
    const [start] = timesOf(await page("student@demo.test", `?type=${cvReview}`));
    const answers = await Promise.all([
      book("student@demo.test", { type: String(cvReview), start: start!, note: "My CV for graduate schemes" }),
      book("basic.student@demo.test", { type: String(cvReview), start: start! }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(answers.find((a) => a.status === 303)!.location).toBe("/appointments?tz=Europe%2FLondon");
    expect(answers.find((a) => a.status === 409)!.body).toContain("That time has just been taken.");
    const winner = answers[0]!.status === 303 ? "student@demo.test" : "basic.student@demo.test";
    const mine = await page(winner);
    expect(mine).toContain("CV review with Sarah Whitfield");
    expect(mine).toContain("join the meeting");
    // The time is no longer offered to anyone.
    expect(timesOf(await page("basic.student@demo.test", `?type=${cvReview}`))).not.toContain(start);
    // The winner's dashboard names it.
    const dashboard = (await request(server, { path: "/student-dashboard", cookie: cookies[winner] })).body;
    expect(dashboard).toMatch(
      /Your next appointment: CV review with Sarah Whitfield, \w+day \d+ \w+ 2\d{3}, \d\d:\d\d UK time\./,
    );
  });

  it("refuses a time never offered and a note too long, storing nothing", async () => {
    const never = await book("basic.student@demo.test", { type: String(cvReview), start: "2026-01-01T03:00:00.000Z" });
    expect(never.status).toBe(422);
    const long = await book("basic.student@demo.test", {
      type: String(cvReview),
      start: timesOf(await page("basic.student@demo.test", `?type=${cvReview}`))[0]!,
      note: "x".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body).toContain("Keep it to 500 characters");
  });

  it("lets a student cancel their own appointment, and no one else's", async () => {
    const [start] = timesOf(await page("basic.student@demo.test", `?type=${cvReview}`));
    expect((await book("basic.student@demo.test", { type: String(cvReview), start: start! })).status).toBe(303);
    // The race above may have given this student one already, so they cancel each they hold.
    const held = [...(await page("basic.student@demo.test")).matchAll(/name="appointment" value="(\d+)"/g)];
    expect(held.length).toBeGreaterThan(0);
    const cancel = (who: string, id: string) =>
      request(server, {
        path: "/appointments",
        cookie: cookies[who] ?? who,
        headers: sameSite,
        form: { intent: "cancel", appointment: id },
      });
    for (const [, id] of held) {
      expect((await cancel("student@demo.test", id!)).status).toBe(404);
      expect((await cancel("basic.student@demo.test", id!)).status).toBe(303);
      expect((await cancel("basic.student@demo.test", id!)).status).toBe(404);
    }
    expect(await page("basic.student@demo.test")).toContain("You have no appointments booked.");
  });

  it("shows another university's student none of Demo University's service, and refuses its kinds", async () => {
    const dashboard = (await request(server, { path: "/student-dashboard", cookie: other.cookie })).body;
    expect(dashboard).toContain(">Your CV</h2>");
    expect(dashboard).not.toContain("Careers adviser");
    const theirs = await page(other.cookie, `?type=${cvReview}`);
    expect(theirs).toContain("Your careers service does not take bookings here yet.");
    expect(kindsOf(theirs)).toEqual({});
    expect((await book(other.cookie, { type: String(cvReview), start: new Date().toISOString() })).status).toBe(422);
  });

  it("is a student's page: a visitor logs in first, and an admin is sent to their own", async () => {
    const visitor = await request(server, { path: "/appointments" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
    expect((await request(server, { path: "/appointments", cookie: cookies["admin@demo.test"] })).status).toBe(302);
  });
});
