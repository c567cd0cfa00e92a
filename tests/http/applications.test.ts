import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { analyticsDaily, emailOutbox, employerOrganisations, events, jobApplications, jobPostings } from "~/db/schema";
import { createCv } from "~/features/cv/queries.server";
import { SAMPLE_CV } from "~/features/cv/sample";
import { accountIn, createSession, createUniversity, createUser } from "../support/factories";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type TestServer, request, requestBytes, startServerWithData } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

// Applications (issue 31): a student applies to an employer's job with a CV from the builder, sent as a
// PDF frozen when they apply; the employer of that job, and no one else, reads it and changes its
// status, which emails that student; a withdrawn application's CV is gone; the application is the
// university analytics' one "applied".
let server: TestServer;
let smtp: TestSmtpServer;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;

type Prepared = Awaited<ReturnType<typeof prepare>>;
let data: Prepared;

async function prepare(db: Db) {
  const university = await createUniversity(db, { name: "Harbour University" });
  const student = await createUser(db, { universityId: university.id, name: "Aisha Khan", ...accountIn("active") });
  const withoutCv = await createUser(db, { universityId: university.id, ...accountIn("active") });
  const made = await createCv(db, student, { name: "Analyst CV", document: SAMPLE_CV, source: "empty" }, new Date());
  if (!made.ok) throw new Error("no CV");
  const organisation = async (name: string) =>
    (
      await db
        .insert(employerOrganisations)
        .values({ name, website: `https://${name}.test`, websiteDomain: `${name}.test`, verifiedAt: new Date() })
        .returning()
    )[0]!;
  const acme = await organisation("acme");
  const rival = await organisation("rival");
  const employer = async (organisationId: number) =>
    createUser(db, { role: "employer", employerOrganisationId: organisationId, ...accountIn("active") });
  const acmeEmployer = await employer(acme.id);
  const rivalEmployer = await employer(rival.id);
  const job = async (slug: string, values: Partial<typeof jobPostings.$inferInsert>) =>
    (
      await db
        .insert(jobPostings)
        .values({
          slug,
          source: "employer",
          externalId: slug,
          title: "Junior data analyst",
          employerName: "Acme Ltd",
          type: "full-time",
          descriptionMarkdown: "Numbers.",
          descriptionHtml: "<p>Numbers.</p>",
          postedAt: new Date(),
          ...values,
        })
        .returning()
    )[0]!;
  const acmeJob = await job("junior-data-analyst-acme", {
    employerOrganisationId: acme.id,
    postedBy: acmeEmployer.id,
    // An employer may give the feeds' apply address too: applications still go through the platform.
    applyUrl: "https://acme.test/careers",
  });
  const rivalJob = await job("rival-analyst", { employerOrganisationId: rival.id, employerName: "Rival Ltd" });
  const feedJob = await job("feed-analyst", { source: "feed", applyUrl: "https://feed.test/apply" });
  const cookie = async (userId: number) => `sid=${(await createSession(db, userId, TEST_SESSION_SECRET)).token}`;
  return {
    universityId: university.id,
    student: { id: student.id, email: student.email, cookie: await cookie(student.id), cvId: made.cv.id },
    withoutCv: { id: withoutCv.id, cookie: await cookie(withoutCv.id) },
    acme: { cookie: await cookie(acmeEmployer.id), email: acmeEmployer.email },
    rival: { cookie: await cookie(rivalEmployer.id) },
    acmeJob: { id: acmeJob.id, slug: acmeJob.slug },
    rivalJob: { id: rivalJob.id },
    feedJob: { slug: feedJob.slug },
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const started = await startServerWithData(prepare, {
    SMTP_URL: smtp.url,
    PUBLIC_URL: "http://localhost",
    SESSION_SECRET: TEST_SESSION_SECRET,
    DEMO_JOBS: "0",
  });
  ({ server, stopAndRead, prepared: data } = started);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const post = (path: string, form: Record<string, string>, cookie?: string) =>
  request(server, {
    path,
    method: "POST",
    form,
    cookie,
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
  });
const page = (path: string, cookie?: string) => request(server, { path, cookie });
const applicantsPath = () => `/employer/jobs/${data.acmeJob.id}/applicants`;
let applicationId: number;
const cvPath = (jobId = data.acmeJob.id) => `/employer/jobs/${jobId}/applicants/${applicationId}/cv.pdf`;

describe("the job page", () => {
  it("offers each person what they can do: log in, build a CV, or apply with one; a feed's job keeps its link", async () => {
    const visitor = await page(`/jobs/${data.acmeJob.slug}`);
    expect(visitor.body).toContain("Log in to apply");
    expect(visitor.body).not.toContain('name="note"');
    const noCv = await page(`/jobs/${data.acmeJob.slug}`, data.withoutCv.cookie);
    expect(noCv.body).toContain("Build your CV");
    const ready = await page(`/jobs/${data.acmeJob.slug}`, data.student.cookie);
    expect(ready.body).toContain('action="/my-applications"');
    expect(ready.body).toContain(">Analyst CV</option>");
    expect(ready.body).toContain("A short note to the employer");
    expect(ready.body).not.toContain(`action="/jobs/${data.acmeJob.slug}/apply"`);
    const feed = await page(`/jobs/${data.feedJob.slug}`, data.student.cookie);
    expect(feed.body).toContain(`action="/jobs/${data.feedJob.slug}/apply"`);
    expect(feed.body).not.toContain("Apply with your CV");
  });
});

describe("applying", () => {
  const apply = (form: Record<string, string>, cookie = data.student.cookie) =>
    post("/my-applications", { intent: "apply", slug: data.acmeJob.slug, ...form }, cookie);

  it("refuses bad input with 400 and its message, storing nothing", async () => {
    const long = await apply({ cv: String(data.student.cvId), note: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body).toContain("Keep the note to 1,000 characters or fewer");
    const noCv = await apply({ cv: "", note: "" });
    expect(noCv.status).toBe(400);
    expect(noCv.body).toContain("Choose one of your CVs");
    const notTheirs = await apply({ cv: String(data.student.cvId), note: "" }, data.withoutCv.cookie);
    expect(notTheirs.status).toBe(400);
    expect((await page("/my-applications", data.student.cookie)).body).toContain("You have not applied");
  });

  it("sends the CV, lists the application on /my-applications, and refuses a second one", async () => {
    const sent = await apply({ cv: String(data.student.cvId), note: "I would love to join the team." });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/my-applications");
    const mine = await page("/my-applications", data.student.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(mine.body).toContain("Junior data analyst");
    expect(mine.body).toContain("Acme Ltd");
    expect(mine.body).toContain("Received");
    expect(mine.body).toContain("Withdraw your application for Junior data analyst");
    const again = await apply({ cv: String(data.student.cvId), note: "Again" });
    expect(again.status).toBe(409);
    expect(again.body).toContain("You have already applied for Junior data analyst");
    expect((await page(`/jobs/${data.acmeJob.slug}`, data.student.cookie)).body).toContain("You applied on");
  });

  it("sends a click on an employer's job back to its page, counting nothing", async () => {
    const click = await post(`/jobs/${data.acmeJob.slug}/apply`, {}, data.student.cookie);
    expect(click.status).toBe(303);
    expect(click.location).toBe(`/jobs/${data.acmeJob.slug}`);
  });
});

describe("the employer's applicants", () => {
  it("lists the applicant with what they sent, and serves their CV as a private PDF", async () => {
    const list = await page(applicantsPath(), data.acme.cookie);
    expect(list.status).toBe(200);
    expect(list.headers["cache-control"]).toBe("private, no-store");
    expect(list.body).toContain("Aisha Khan");
    expect(list.body).toContain(data.student.email);
    expect(list.body).toContain("I would love to join the team.");
    applicationId = Number(new RegExp(`${applicantsPath()}/(\\d+)/cv\\.pdf`).exec(list.body)?.[1]);
    expect(applicationId).toBeGreaterThan(0);
    const pdf = await requestBytes(server, { path: cvPath(), cookie: data.acme.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["cache-control"]).toBe("private, no-store");
    expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("answers 404 to another organisation's employer, on the list, the PDF and the status form", async () => {
    expect((await page(applicantsPath(), data.rival.cookie)).status).toBe(404);
    expect((await requestBytes(server, { path: cvPath(), cookie: data.rival.cookie })).status).toBe(404);
    const changed = await post(
      applicantsPath(),
      { intent: "status", application: String(applicationId), status: "offer" },
      data.rival.cookie,
    );
    expect(changed.status).toBe(404);
    // Their own job's address with this application's id finds nothing either.
    const ownJob = await requestBytes(server, { path: cvPath(data.rivalJob.id), cookie: data.rival.cookie });
    expect(ownJob.status).toBe(404);
  });

  it("keeps students and visitors out of the employer's pages", async () => {
    for (const cookie of [data.student.cookie, undefined]) {
      const list = await page(applicantsPath(), cookie);
      expect(list.status).toBe(302);
      expect(list.body).not.toContain("Aisha Khan");
      expect((await requestBytes(server, { path: cvPath(), cookie })).status).toBe(302);
    }
  });

  it("changes the status and emails that student only; refuses withdrawn as a choice", async () => {
    const bad = await post(
      applicantsPath(),
      { intent: "status", application: String(applicationId), status: "withdrawn" },
      data.acme.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Choose a status");
    const changed = await post(
      applicantsPath(),
      { intent: "status", application: String(applicationId), status: "interview" },
      data.acme.cookie,
    );
    expect(changed.status).toBe(303);
    expect(changed.location).toBe(applicantsPath());
    const mail = await smtp.next((m) => /Your application for Junior data analyst/.test(m.subject ?? ""));
    expect(mail.envelopeTo).toEqual([data.student.email]);
    expect(mail.subject).toContain("invited to interview");
    expect(mail.text).toContain("http://localhost/my-applications");
    expect((await page("/my-applications", data.student.cookie)).body).toContain("Interview");
  });
});

describe("withdrawing", () => {
  it("takes the CV away from the employer (404), and the status form with it", async () => {
    const withdrawn = await post(
      "/my-applications",
      { intent: "withdraw", application: String(applicationId) },
      data.student.cookie,
    );
    expect(withdrawn.status).toBe(303);
    expect((await requestBytes(server, { path: cvPath(), cookie: data.acme.cookie })).status).toBe(404);
    const list = await page(applicantsPath(), data.acme.cookie);
    expect(list.body).not.toContain(`${applicationId}/cv.pdf`);
    expect(list.body).toContain("Withdrawn");
    const changed = await post(
      applicantsPath(),
      { intent: "status", application: String(applicationId), status: "offer" },
      data.acme.cookie,
    );
    expect(changed.status).toBe(409);
  });
});

describe("what was stored", () => {
  it("one application, its PDF emptied, one job.applied counted in the analytics, one email", async () => {
    const stored = await stopAndRead(async (db) => ({
      applications: await db.select().from(jobApplications),
      applied: await db
        .select()
        .from(events)
        .where(and(eq(events.kind, "job.applied"), eq(events.jobPostingId, data.acmeJob.id))),
      counted: await db
        .select({ events: sql<number>`sum(${analyticsDaily.events})::int` })
        .from(analyticsDaily)
        .where(
          and(
            eq(analyticsDaily.universityId, data.universityId),
            eq(analyticsDaily.metric, "job.applied"),
            eq(analyticsDaily.dimension, "all"),
          ),
        ),
      mail: await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "application-status")),
    }));
    expect(stored.applications).toHaveLength(1);
    expect(stored.applications[0]).toMatchObject({ userId: data.student.id, status: "withdrawn", cvPdf: null });
    expect(stored.applied).toHaveLength(1);
    expect(stored.applied[0]!.universityId).toBe(data.universityId);
    expect(stored.counted[0]!.events).toBe(1);
    expect(stored.mail.map((m) => m.toAddress)).toEqual([data.student.email]);
  });
});
