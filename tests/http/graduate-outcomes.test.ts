import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { graduateSurveys, studentProfiles, universities } from "~/db/schema";
import { Outbox } from "~/features/email/index.server";
import { sendDueSurveys } from "~/features/graduate-outcomes/surveys.server";
import { addMonths, monthLabel } from "~/features/graduate-outcomes/waves";
import { todayInLondon } from "~/lib/dates";
import { TEST_PASSWORD, accountIn, createSession, createUser } from "../support/factories";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type TestServer, loginAs, request, startServerWithData } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

// Graduate outcomes (issue 33): the survey job, run here at the times a test chooses, emails each
// graduate through the outbox and the server's own queue; the link opens the survey without logging
// in, takes an answer and changes to it, and stops when the next survey goes out; a forged link says
// so; the answers are in "Your data" and go with the account; and the analytics page is the admin's
// own university's alone.
let server: TestServer;
let smtp: TestSmtpServer;
let stop: () => Promise<void>;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
let withDatabase: <R>(work: (db: Db) => Promise<R>) => Promise<R>;
let people: Awaited<ReturnType<typeof prepare>>;

// Graduated 14 months ago, so that no survey of theirs is due this month: the server's own hourly job,
// which runs as it starts (on a PostgreSQL server, whose template never ran it), sends them nothing.
// The test runs the job itself: the 6-month survey in the middle of its month (so it is still open
// now), the 15-month one in the middle of next month.
const NOW = new Date();
const THIS_MONTH = todayInLondon(NOW).slice(0, 7);
const GRADUATED = addMonths(THIS_MONTH, -14);
const midMonth = (month: string) => new Date(`${month}-15T12:00:00Z`);
const SIX_MONTHS_ON = midMonth(addMonths(GRADUATED, 6));
const FIFTEEN_MONTHS_ON = midMonth(addMonths(THIS_MONTH, 1));
// The prepared answers the analytics test counts: graduates of four years ago, told apart by their year.
const COHORT = Number(todayInLondon(NOW).slice(0, 4)) - 4;
const LINK = /http:\/\/localhost:\d+\/graduate-outcomes\/survey\/([A-Za-z0-9_-]{43})/;
const sameSite = { "Sec-Fetch-Site": "same-origin" };

async function prepare(db: Db) {
  const [demo] = await db.select().from(universities).where(eq(universities.slug, "demo-university"));
  const graduate = async (name: string, state: "active" | "expired") => {
    const user = await createUser(db, {
      universityId: demo!.id,
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@example.test`,
      ...accountIn(state),
    });
    await db.insert(studentProfiles).values({
      userId: user.id,
      graduationDate: `${GRADUATED}-01`,
      course: "MSc Data Science",
      studyLevel: "postgraduate_taught",
      homeCountryId: 100,
      visaType: "student",
    });
    return user;
  };
  // Grace's access as an alumna has ended: she answers without logging in. Hana still logs in.
  const grace = await graduate("Grace Mensah", "expired");
  const hana = await graduate("Hana Ito", "active");
  const hanaCookie = `sid=${(await createSession(db, hana.id, TEST_SESSION_SECRET)).token}`;

  // Eighteen of Demo University's graduates of COHORT, surveyed 6 months on: 15 answered; 10 work, 7 of
  // them in the UK in jobs that needed a sponsor and 3 at home in India; 5 look for work; 3 did not answer.
  const cohort = async (n: number, answer: Partial<typeof graduateSurveys.$inferInsert>) => {
    for (let i = 0; i < n; i++) {
      const user = await createUser(db, { universityId: demo!.id });
      await db.insert(graduateSurveys).values({
        userId: user.id,
        universityId: demo!.id,
        wave: 6,
        graduationMonth: `${COHORT}-07`,
        course: "MSc Data Science",
        studyLevel: "postgraduate_taught",
        homeCountryId: 100,
        visaType: "student",
        tokenHash: `prepared-${user.id}`,
        sentAt: new Date(`${COHORT + 1}-01-05T09:00:00Z`),
        closesAt: new Date(`${COHORT + 1}-10-05T09:00:00Z`),
        ...answer,
      });
    }
  };
  const job = { activity: "working", employer: "Acme", jobTitle: "Analyst", salaryBand: "30k_to_40k" } as const;
  const answeredAt = new Date(`${COHORT + 1}-01-20T09:00:00Z`);
  await cohort(7, {
    ...job,
    answeredAt,
    workCountryId: 226,
    sponsored: true,
    workRoute: "skilled_worker",
    foundThrough: "job_board",
  });
  await cohort(3, {
    ...job,
    answeredAt,
    workCountryId: 100,
    sponsored: false,
    workRoute: "not_needed",
    foundThrough: "recruiter",
  });
  await cohort(5, { answeredAt, activity: "looking" });
  await cohort(3, {});
  return { grace, hana, hanaCookie };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const started = await startServerWithData(prepare, {
    SMTP_URL: smtp.url,
    SESSION_SECRET: TEST_SESSION_SECRET,
    // One test counts tries from an address of its own (X-Forwarded-For).
    TRUST_PROXY: "true",
  });
  ({ server, stop, stopAndRead, withDatabase, prepared: people } = started);
});
afterAll(async () => {
  await stop?.();
  await smtp?.close();
});

/** The survey job as the server runs it, at `now`: its emails go out through the server's own queue. */
const runSurveys = (now: Date) =>
  withDatabase((db) =>
    sendDueSurveys({
      db,
      outbox: new Outbox(() => new Date(), "localhost"),
      origin: server.origin,
      now,
    }),
  );
const survey = (token: string, query = "") => request(server, { path: `/graduate-outcomes/survey/${token}${query}` });
const answer = (token: string, form: Record<string, string>) =>
  request(server, { path: `/graduate-outcomes/survey/${token}`, headers: sameSite, form });
const tokenOf = async (to: string, subject: string) => {
  const mail = await smtp.next((m) => m.envelopeTo.includes(to) && (m.subject ?? "").startsWith(subject));
  return { text: mail.text ?? "", token: LINK.exec(mail.text ?? "")![1]! };
};
const WORKING_IN_THE_UK = {
  activity: "working",
  work_country: "226",
  employer: "Northwind Analytics",
  job_title: "Data Analyst",
  salary_band: "30k_to_40k",
  sponsored: "yes",
  work_route: "skilled_worker",
  found_through: "careers_service",
};

let graceSix: string;
let hanaSix: string;

describe("the graduate outcomes survey", () => {
  it("is emailed to each graduate once, through the queue, with a link that opens it without logging in", async () => {
    expect(await runSurveys(SIX_MONTHS_ON)).toBe(2);
    expect(await runSurveys(SIX_MONTHS_ON)).toBe(0);
    const grace = await tokenOf("grace@example.test", "Six months after graduating");
    expect(grace.text).toContain(`You graduated in ${monthLabel(GRADUATED)}. Demo University asks its graduates`);
    graceSix = grace.token;
    hanaSix = (await tokenOf("hana@example.test", "Six months after graduating")).token;

    const page = await survey(graceSix);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain("What are you doing now?");
    expect(page.body).toContain(`You graduated in ${monthLabel(GRADUATED)}.`);
    expect(page.body).toMatch(/<legend[^>]*>What are you mainly doing now\?<\/legend>/);
    expect(page.body).toMatch(/<label for="work_country"[^>]*>The country you work in<\/label>/);
  });

  it("counts a refused answer once against the address's limit, though its page is shown again", async () => {
    const from = { "X-Forwarded-For": "203.0.113.77" };
    const path = `/graduate-outcomes/survey/${graceSix}`;
    for (let i = 0; i < 59; i++) expect((await request(server, { path, headers: from })).status).toBe(200);
    // The 60th try of the hour: an answer refused, whose page (the loader, after the action) costs nothing more.
    const half = { activity: "working", employer: "Northwind Analytics" };
    const refused = await request(server, { path, headers: { ...sameSite, ...from }, form: half });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Choose the country you work in");
    expect((await request(server, { path, headers: from })).status).toBe(429);
  });

  it("takes an answer, refuses one that is not whole with the reasons, and takes a change to it", async () => {
    const half = await answer(graceSix, { activity: "working", employer: "Northwind Analytics" });
    expect(half.status).toBe(400);
    expect(half.headers["cache-control"]).toBe("private, no-store");
    expect(half.body).toContain("There is a problem");
    expect(half.body).toContain("Choose the country you work in");
    expect(half.body).toContain("Say whether the job needed a visa sponsor");
    expect(half.body).toContain('value="Northwind Analytics"');
    const contradiction = await answer(graceSix, { ...WORKING_IN_THE_UK, work_route: "not_needed" });
    expect(contradiction.status).toBe(400);
    expect(contradiction.body).toContain("A job that needed a visa sponsor is on a visa: choose which one");
    // Nothing of either was kept.
    expect((await survey(graceSix)).body).not.toContain('value="Northwind Analytics"');

    const saved = await answer(graceSix, WORKING_IN_THE_UK);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/graduate-outcomes/survey/${graceSix}?saved=1`);
    const after = (await survey(graceSix, "?saved=1")).body;
    expect(after).toContain("Thank you: your answers are saved.");
    expect(after).toContain("until we send the next survey, 15 months after you graduated");
    expect(after).toContain('value="Northwind Analytics"');
    expect(after).toMatch(/<option value="skilled_worker" selected="">/);

    expect((await answer(graceSix, { activity: "looking", employer: "Kept by mistake" })).status).toBe(303);
    const changed = (await survey(graceSix)).body;
    expect(changed).toContain("You have answered already");
    expect(changed).toMatch(/<input type="radio"[^>]* name="activity" checked="" value="looking"\/>/);
    expect(changed).not.toContain("Northwind Analytics");
    expect(changed).not.toContain("Kept by mistake");
  });

  it("answers a forged link with 404 and a page that says what to do", async () => {
    for (const token of ["A".repeat(43), `${graceSix.slice(0, 42)}x`, "short"]) {
      const forged = await survey(token);
      expect(forged.status, token).toBe(404);
      expect(forged.headers["cache-control"]).toBe("private, no-store");
      expect(forged.body).toContain("This survey link does not work");
      expect((await answer(token, WORKING_IN_THE_UK)).status).toBe(404);
    }
  });

  it("stops taking answers through a link once the next survey has gone out, keeping what it holds", async () => {
    expect((await answer(hanaSix, WORKING_IN_THE_UK)).status).toBe(303);
    expect(await runSurveys(FIFTEEN_MONTHS_ON)).toBe(2);
    const fifteen = await tokenOf("grace@example.test", "Fifteen months after graduating");
    expect(fifteen.token).not.toBe(graceSix);

    const old = await survey(graceSix);
    expect(old.status).toBe(410);
    expect(old.body).toContain("This survey has closed");
    expect(old.body).not.toContain("What are you mainly doing now?");
    const late = await answer(graceSix, WORKING_IN_THE_UK);
    expect(late.status).toBe(410);
    expect((await survey(fifteen.token)).status).toBe(200);
  });

  it("is in the graduate's download of their data, without the link's secret", async () => {
    const reply = await request(server, { path: "/account/your-data.json", cookie: people.hanaCookie });
    expect(reply.status).toBe(200);
    const data = JSON.parse(reply.body) as { graduateOutcomes: Record<string, unknown>[] };
    expect(data.graduateOutcomes).toEqual([
      expect.objectContaining({
        university: "Demo University",
        monthsAfterGraduating: 6,
        graduationMonth: GRADUATED,
        mainActivity: "working",
        countryOfWork: "United Kingdom",
        employer: "Northwind Analytics",
        jobTitle: "Data Analyst",
        salary: "30k_to_40k",
        jobNeededVisaSponsor: true,
        visaWorkedOn: "skilled_worker",
        foundJobThrough: "careers_service",
      }),
      expect.objectContaining({ monthsAfterGraduating: 15, answeredAt: null, mainActivity: null }),
    ]);
    expect(reply.body).not.toContain(hanaSix);
    expect(reply.body).not.toMatch(/token/i);
  });
});

describe("the graduate outcomes analytics", () => {
  const get = (path: string, cookie?: string) => request(server, { path, cookie });
  const cohort = `wave=6&year=${COHORT}`;
  /** A chart's data table on the page, as rows of cell text. */
  const tableOf = (body: string, id: string) => {
    const start = body.indexOf(`id="${id}-caption"`);
    expect(start, `the table of ${id}`).toBeGreaterThan(0);
    return [...body.slice(start, body.indexOf("</table>", start)).matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((tr) =>
      [...tr[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, "").trim()),
    );
  };

  it("shows an admin their own graduates' outcomes, with the fewer-than-5 rule, and the same tables as CSV", async () => {
    const admin = await loginAs(server, "admin@demo.test");
    const page = await get(`/graduate-outcomes-analytics?${cohort}`, admin);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Graduates of ${COHORT}, surveyed 6 months after graduating.`);
    expect(tableOf(page.body, "activity").slice(1, 3)).toEqual([
      ["Working", "10", "66.7"],
      ["Further study", "0", "0"],
    ]);
    // 7 in the UK, 3 abroad: the 3 is withheld, and the 7 with it, which would give it away.
    expect(tableOf(page.body, "staying").slice(1)).toEqual([
      ["In the United Kingdom", "fewer than 5", "fewer than 5"],
      ["In another country", "fewer than 5", "fewer than 5"],
    ]);
    expect(tableOf(page.body, "by-course")[1]!.slice(0, 4)).toEqual(["MSc Data Science", "18", "15", "83.3"]);
    expect(page.body).toContain(`href="/analytics-csv/graduate-outcomes/by-course?${cohort.replace("&", "&amp;")}"`);

    const csv = await get(`/analytics-csv/graduate-outcomes/by-course?${cohort}`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="graduate-outcomes-by-course-6-months-${COHORT}.csv"`,
    );
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(/^Course,Surveyed,Answered,Response rate \(%\),Working,/);
    expect(lines[1]).toMatch(/^MSc Data Science,18,15,83.3,10,/);
    expect((await get(`/analytics-csv/graduate-outcomes/no-such-table?${cohort}`, admin)).status).toBe(404);

    const bad = await get("/graduate-outcomes-analytics?wave=7", admin);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Choose the survey of 6 or 15 months after graduating.");
    expect((await get("/analytics-csv/graduate-outcomes/activity?wave=7", admin)).status).toBe(400);
  });

  it("never shows another university's graduates, and is for university admins only", async () => {
    const other = await loginAs(server, "admin@second.test");
    const page = await get(`/graduate-outcomes-analytics?${cohort}`, other);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("MSc Data Science");
    expect(tableOf(page.body, "activity")[1]).toEqual(["Working", "0", "fewer than 5"]);
    const csv = await get(`/analytics-csv/graduate-outcomes/by-course?${cohort}`, other);
    expect(
      csv.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n"),
    ).toHaveLength(1);

    const student = await loginAs(server, "student@demo.test");
    for (const path of ["/graduate-outcomes-analytics", "/analytics-csv/graduate-outcomes/by-course"]) {
      const reply = await get(path, student);
      expect(reply.status, path).toBe(302);
      expect((await get(path)).status, path).toBe(302);
    }
  });
});

describe("the survey link's limit and the account's end", () => {
  it("turns away an address that opens survey links too often", async () => {
    let reply = await survey("B".repeat(43));
    for (let i = 0; i < 70 && reply.status !== 429; i++) reply = await survey("B".repeat(43));
    expect(reply.status).toBe(429);
    expect(Number(reply.headers["retry-after"])).toBeGreaterThan(0);
    expect(reply.body).toContain("Too many tries");
  });

  // Last: it stops the server to read what is left.
  it("deletes the graduate's surveys and answers with their account, and keeps what a closed link held", async () => {
    const deleted = await request(server, {
      path: "/account/delete",
      cookie: people.hanaCookie,
      headers: { Origin: server.origin, ...sameSite },
      form: { password: TEST_PASSWORD },
    });
    expect(deleted.status).toBe(303);
    const [hana, grace] = await stopAndRead(async (db) => [
      await db.select().from(graduateSurveys).where(eq(graduateSurveys.userId, people.hana.id)),
      await db.select().from(graduateSurveys).where(eq(graduateSurveys.userId, people.grace.id)),
    ]);
    expect(hana).toEqual([]);
    expect(grace.map((s) => [s.wave, s.activity, s.employer])).toEqual([
      [6, "looking", null],
      [15, null, null],
    ]);
  });
});
