import { Readable } from "node:stream";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, employerOrganisations, jobPostings, sponsorOrganisations } from "~/db/schema";
import { importRegister } from "~/features/sponsors/import.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship";
import { SPONSORSHIP_LABELS } from "~/features/jobs";
import { todayInLondon } from "~/lib/dates";
import { pounds } from "~/lib/money";
import { TEST_PASSWORD, accountIn, createUser } from "../support/factories";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { type Reply, type TestServer, cookieSet, loginAs, loginAsStaff, request, startServerWithData } from "./harness";

// Employers' jobs (issue 31): the form with its live verdict, preview and publishing (at once for a
// verified organisation, through the moderation queue for another), managing, and the badge.
let server: TestServer;
let smtp: TestSmtpServer;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
let rules: RuleSet;
let verity: string;
let waiting: string;
let other: string;
let limited: string;
let refused: string;
let staff: string;

const REGISTER = [
  "Organisation Name,Town/City,County,Type & Rating,Route",
  "Verity Labs Ltd,Leeds,,Worker (A rating),Skilled Worker",
].join("\n");

/** An organisation with one employer account (password TEST_PASSWORD). */
async function organisation(
  db: Db,
  name: string,
  email: string,
  extra: Partial<typeof employerOrganisations.$inferInsert>,
) {
  const domain = email.split("@")[1]!;
  const [org] = await db
    .insert(employerOrganisations)
    .values({ name, website: `https://${domain}`, websiteDomain: domain, ...extra })
    .returning();
  await createUser(db, {
    email,
    name: `${name} Recruiter`,
    role: "employer",
    employerOrganisationId: org!.id,
    ...accountIn("active"),
  });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  rules = (await ruleSetFor(todayInLondon(new Date())))!;
  ({ server, stopAndRead } = await startServerWithData(
    async (db) => {
      await importRegister(db, Readable.from([`${REGISTER}\n`]), { registerDate: "2026-11-20", source: "fixture" });
      const [entry] = await db
        .select()
        .from(sponsorOrganisations)
        .where(eq(sponsorOrganisations.name, "Verity Labs Ltd"));
      const verified = { verifiedAt: new Date(), verification: "staff" as const };
      await organisation(db, "Verity Labs", "jo@verity-labs.test", { ...verified, registerOrgKey: entry!.orgKey });
      await organisation(db, "Waiting Works", "kim@waiting-works.test", { holdsNoLicence: true });
      await organisation(db, "Otherwise Ltd", "al@otherwise.test", { ...verified, holdsNoLicence: true });
      await organisation(db, "Hasty Ltd", "hal@hasty.test", { ...verified, holdsNoLicence: true });
      await organisation(db, "Refused Ltd", "ray@refused.test", { holdsNoLicence: true, rejectedAt: new Date() });
    },
    { SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost", TRUST_PROXY: "true", DEMO_JOBS: "0" },
  ));
  const login = (email: string) => loginAs(server, email, "localhost", TEST_PASSWORD);
  verity = await login("jo@verity-labs.test");
  waiting = await login("kim@waiting-works.test");
  other = await login("al@otherwise.test");
  limited = await login("hal@hasty.test");
  refused = await login("ray@refused.test");
  staff = await loginAsStaff(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const post = (path: string, form: Record<string, string>, cookie: string) =>
  request(server, { path, form, cookie, headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" } });
const page = (path: string, cookie?: string) => request(server, { path, cookie });

const JOB = {
  title: "Software developer",
  type: "full-time",
  town: "Leeds",
  region: "",
  country: "GB",
  remote: "hybrid",
  salary_min: "",
  salary_max: "",
  salary_period: "year",
  salary: "",
  hours_per_week: "37.5",
  soc: "2134",
  description: "Build **our** platform.\n\n<script>alert(1)</script>",
  closing_date: "",
  apply_url: "https://verity-labs.test/careers",
};
const PUBLISH = { intent: "publish" };
const goingRate = () => rules.occupations.get("2134")!.rates!.full;
const shortBy3250 = () => String(goingRate() - 3_250);

/** Saves a job through the form: its id, from the preview it goes on to. */
async function save(cookie: string, fields: Record<string, string>, path = "/employer/jobs/new") {
  const r = await post(path, { ...JOB, ...fields, intent: "save" }, cookie);
  expect(r.status, r.body.slice(0, 500)).toBe(303);
  const id = /^\/employer\/jobs\/(\d+)\/preview$/.exec(r.location ?? "")?.[1];
  expect(id).toBeDefined();
  return id!;
}
const addressOf = (preview: Reply) => /data-testid="job-address">([^<]+)</.exec(preview.body)![1]!;
const statusOf = (preview: Reply) => /data-testid="job-status">Status: ([^<]+)</.exec(preview.body)?.[1];
const searched = (q: string) => page(`/jobs?q=${encodeURIComponent(q)}`);

describe("who may open the employer's job pages", () => {
  it("sends a visitor to log in and a student to their own home, from the pages and the verdict alike", async () => {
    expect((await page("/employer/jobs")).location).toMatch(/^\/login/);
    expect((await page("/employer/jobs/verdict?title=x")).location).toMatch(/^\/login/);
    const student = await loginAs(server, "student@demo.test");
    for (const path of ["/employer/jobs", "/employer/jobs/new", "/employer/jobs/verdict?title=x"]) {
      const r = await page(path, student);
      expect(r.status).toBe(302);
      expect(r.location).toBe("/student-dashboard");
    }
  });

  it("refuses an organisation staff rejected (403), storing nothing", async () => {
    expect((await page("/employer/jobs/new", refused)).status).toBe(403);
    expect((await post("/employer/jobs/new", { ...JOB, intent: "save" }, refused)).status).toBe(403);
    const list = await page("/employer/jobs", refused);
    expect(list.body).toContain("We could not verify your organisation, so it cannot post jobs.");
    expect(list.body).not.toContain('href="/employer/jobs/new"');
  });

  it("sends a student posting a job to their own home, storing nothing", async () => {
    const student = await loginAs(server, "student@demo.test");
    const r = await post("/employer/jobs/new", { ...JOB, intent: "save" }, student);
    expect(r.status).toBe(302);
    expect(r.location).toBe("/student-dashboard");
  });

  it("links the dashboard to posting a job", async () => {
    const dashboard = await page("/employer-dashboard", verity);
    expect(dashboard.body).toMatch(/<a[^>]*href="\/employer\/jobs\/new"[^>]*>Post a job<\/a>/);
  });
});

describe("the live verdict", () => {
  it("suggests the occupation from the title and says what pay would meet the going rate", async () => {
    const params = new URLSearchParams({ ...JOB, soc: "", salary_min: shortBy3250() });
    const r = await page(`/employer/jobs/verdict?${params}`, verity);
    expect(r.status).toBe(200);
    expect(r.headers["cache-control"]).toMatch(/no-store/);
    const { panel } = JSON.parse(r.body) as {
      panel: { suggestion: { code: string }; advice: string[]; status: string };
    };
    expect(panel.suggestion.code).toBe("2134");
    expect(panel.status).not.toBe("likely");
    expect(panel.advice).toContain(
      `${pounds(3_250)} more a year would meet the going rate of ${pounds(goingRate())} for 2134.`,
    );
    const met = await page(
      `/employer/jobs/verdict?${new URLSearchParams({ ...JOB, salary_min: String(goingRate()) })}`,
      verity,
    );
    expect(JSON.parse(met.body).panel).toMatchObject({ status: "likely", advice: [] });
  });

  it("judges an unlicensed organisation's job unlikely and says why", async () => {
    const r = await page(`/employer/jobs/verdict?${new URLSearchParams({ ...JOB, salary_min: "90000" })}`, waiting);
    const { panel } = JSON.parse(r.body) as { panel: { status: string; advice: string[] } };
    expect(panel.status).toBe("unlikely");
    expect(panel.advice[0]).toBe(
      "Waiting Works needs an A-rated Skilled Worker sponsor licence before any of its jobs can be sponsored.",
    );
  });

  it("works without JavaScript: “Check the verdict” shows the form again with the panel, storing nothing", async () => {
    const r = await post("/employer/jobs/new", { ...JOB, salary_min: shortBy3250(), intent: "check" }, verity);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/<section[^>]*aria-live="polite"/);
    expect(r.body).toContain(
      `${pounds(3_250)} more a year would meet the going rate of ${pounds(goingRate())} for 2134.`,
    );
    expect(r.body).toContain(`value="${shortBy3250()}"`);
    expect((await page("/employer/jobs", verity)).body).toContain("You have not posted a job yet.");
  });
});

describe("posting as a verified organisation", () => {
  let id: string;
  let address: string;

  it("refuses bad input with each field's error (400), storing nothing", async () => {
    const r = await post(
      "/employer/jobs/new",
      { ...JOB, title: "", salary_min: "50000", salary_max: "40000", apply_url: "ftp://x", intent: "save" },
      verity,
    );
    expect(r.status).toBe(400);
    expect(r.body).toContain("Enter the job&#x27;s title");
    expect(r.body).toContain("The lowest salary is more than the highest");
    expect(r.body).toContain("Your page for the job must be a web address");
    expect((await page("/employer/jobs", verity)).body).toContain("You have not posted a job yet.");
  });

  it("saves a draft and previews it as students will see it, with the badge; the public page answers 404", async () => {
    id = await save(verity, { salary_min: String(goingRate()), salary_max: String(goingRate() + 5_000) });
    const preview = await page(`/employer/jobs/${id}/preview`, verity);
    expect(preview.status).toBe(200);
    expect(statusOf(preview)).toBe("Draft");
    expect(preview.body).toContain("<h1");
    expect(preview.body).toContain("Software developer");
    expect(preview.body).toContain("Verified licensed sponsor");
    expect(preview.body).toContain("<strong>our</strong>");
    expect(preview.body).not.toContain("<script>alert(1)");
    expect(preview.body).toMatch(/<button[^>]*>Publish<\/button>/);
    address = addressOf(preview);
    expect((await page(address)).status).toBe(404);
    expect((await searched("Software developer")).body).not.toContain(address);
  });

  it("publishes at once: the job page and search show it, with the badge", async () => {
    const r = await post(`/employer/jobs/${id}/preview`, PUBLISH, verity);
    expect(r.status).toBe(303);
    expect(r.location).toBe("/employer/jobs");
    const job = await page(address);
    expect(job.status).toBe(200);
    expect(job.body).toContain("Verified licensed sponsor");
    // The employer's own page for the job is linked as more about it; applications stay here.
    expect(job.body).toContain(
      '<a href="https://verity-labs.test/careers" class="text-brand underline" rel="noopener noreferrer">More about the job on',
    );
    // Its page takes the application (with a CV), so search engines may say one applies there.
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(job.body)![1]!);
    expect(ld).toMatchObject({ "@type": "JobPosting", title: "Software developer", directApply: true });
    const search = await searched("Software developer");
    expect(search.body).toContain(`href="${address}"`);
    expect(search.body).toContain("Verified licensed sponsor");
    expect((await post(`/employer/jobs/${id}/preview`, PUBLISH, verity)).status).toBe(409);
  });

  it("judges an edit again and keeps the job open", async () => {
    const before = await page(address);
    expect(before.body).toContain(SPONSORSHIP_LABELS.likely);
    await save(verity, { salary_min: "20000" }, `/employer/jobs/${id}/edit`);
    const after = await page(address);
    expect(after.status).toBe(200);
    expect(after.body).not.toContain(SPONSORSHIP_LABELS.likely);
    expect(after.body).toContain("£20,000");
    expect(statusOf(await page(`/employer/jobs/${id}/preview`, verity))).toBe("Open");
  });

  it("duplicates a job as a new draft, and closes the open one", async () => {
    const copy = await post("/employer/jobs", { intent: "duplicate", id }, verity);
    expect(copy.status).toBe(303);
    const copyId = /^\/employer\/jobs\/(\d+)\/edit$/.exec(copy.location ?? "")?.[1];
    expect(copyId).toBeDefined();
    expect(copyId).not.toBe(id);
    expect(statusOf(await page(`/employer/jobs/${copyId}/preview`, verity))).toBe("Draft");

    expect((await post("/employer/jobs", { intent: "close", id }, verity)).status).toBe(303);
    const closed = await page(address);
    expect(closed.body).toContain("This job has closed");
    expect((await searched("Software developer")).body).not.toContain(`href="${address}"`);
    expect((await post("/employer/jobs", { intent: "close", id }, verity)).status).toBe(409);
    const list = await page("/employer/jobs", verity);
    expect(list.body).toContain("Closed");
    expect(list.body).toContain("Draft");
  });

  it("answers 404 for another organisation's job, whatever is asked", async () => {
    expect((await page(`/employer/jobs/${id}/preview`, other)).status).toBe(404);
    expect((await page(`/employer/jobs/${id}/edit`, other)).status).toBe(404);
    expect((await post(`/employer/jobs/${id}/edit`, { ...JOB, intent: "save" }, other)).status).toBe(404);
    expect((await post(`/employer/jobs/${id}/preview`, PUBLISH, other)).status).toBe(404);
    expect((await post("/employer/jobs", { intent: "duplicate", id }, other)).status).toBe(404);
    expect((await post("/employer/jobs", { intent: "close", id }, other)).status).toBe(404);
    expect((await page("/employer/jobs", other)).body).not.toContain("Software developer");
  });
});

describe("posting as an organisation not yet verified", () => {
  let address: string;
  let rejectedAddress: string;
  let analystId: string;
  const queueId = async (title: string) => {
    const list = await page("/ops/moderation?kind=employer-job", staff);
    expect(list.status).toBe(200);
    return new RegExp(`href="/ops/moderation/employer-job/(\\d+)"[^>]*>${title} at Waiting Works<`).exec(
      list.body,
    )?.[1];
  };

  it("sends the published job to the moderation queue: not listed, 404 publicly", async () => {
    const id = await save(waiting, { title: "Data analyst", soc: "", salary_min: "30000" });
    analystId = id;
    const published = await post(`/employer/jobs/${id}/preview`, PUBLISH, waiting);
    expect(published.status).toBe(303);
    const preview = await page(`/employer/jobs/${id}/preview`, waiting);
    expect(statusOf(preview)).toBe("Waiting for review");
    address = addressOf(preview);
    expect((await page(address)).status).toBe(404);
    expect((await searched("Data analyst")).body).not.toContain(address);
    expect(await queueId("Data analyst")).toBe(id);
  });

  it("lists the job once staff approve it, audited; the employer is emailed", async () => {
    const id = (await queueId("Data analyst"))!;
    const item = await page(`/ops/moderation/employer-job/${id}`, staff);
    expect(item.status).toBe(200);
    expect(item.body).toContain("Waiting Works");
    expect(item.body).toContain("£30,000 a year");
    expect(item.body).toContain(SPONSORSHIP_LABELS.unlikely);
    const r = await post(`/ops/moderation/employer-job/${id}`, { intent: "approve", reason: "" }, staff);
    expect(r.status).toBe(303);
    expect((await page(address)).status).toBe(200);
    expect((await searched("Data analyst")).body).toContain(`href="${address}"`);
    // No badge: the organisation is neither verified nor licensed.
    expect((await page(address)).body).not.toContain("Verified licensed sponsor");
    const mail = await smtp.next((m) => m.envelopeTo.includes("kim@waiting-works.test"));
    expect(mail.subject).toBe('Your job "Data analyst" is published');
  });

  it("sends an edit of an approved job back for review: off the site until approved again", async () => {
    await save(waiting, { title: "Data analyst", soc: "", salary_min: "31000" }, `/employer/jobs/${analystId}/edit`);
    expect(statusOf(await page(`/employer/jobs/${analystId}/preview`, waiting))).toBe("Waiting for review");
    expect((await page(address)).status).toBe(404);
    expect(await queueId("Data analyst")).toBe(analystId);
  });

  it("sends a rejected job back to the employer as a draft, with the reason emailed", async () => {
    const id = await save(waiting, { title: "Night porter", soc: "" });
    expect((await post(`/employer/jobs/${id}/preview`, PUBLISH, waiting)).status).toBe(303);
    rejectedAddress = addressOf(await page(`/employer/jobs/${id}/preview`, waiting));
    const qid = (await queueId("Night porter"))!;
    const r = await post(
      `/ops/moderation/employer-job/${qid}`,
      { intent: "reject", reason: "Give the real pay." },
      staff,
    );
    expect(r.status).toBe(303);
    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("kim@waiting-works.test") && /not published/.test(m.subject ?? ""),
    );
    expect(mail.text).toContain("Give the real pay.");
    expect(statusOf(await page(`/employer/jobs/${id}/preview`, waiting))).toBe("Draft");
    expect((await page(rejectedAddress)).status).toBe(404);
  });
});

describe("staff withdrawing an organisation's verification", () => {
  it("takes its open jobs off the site into review and puts it back in the queue, its person emailed", async () => {
    const id = await save(other, { title: "Warehouse operative", soc: "" });
    expect((await post(`/employer/jobs/${id}/preview`, PUBLISH, other)).status).toBe(303);
    const address = addressOf(await page(`/employer/jobs/${id}/preview`, other));
    expect((await page(address)).status).toBe(200);

    const people = await page(`/ops/users?q=${encodeURIComponent("al@otherwise.test")}`, staff);
    const personPath = /href="(\/ops\/users\/\d+)"/.exec(people.body)![1]!;
    const person = await page(personPath, staff);
    expect(person.body).toContain("Employer organisation");
    expect(person.body).toMatch(/Verification<\/dt><dd[^>]*>Verified by staff on /);
    expect(person.body).toMatch(/Open jobs<\/dt><dd[^>]*>1</);
    expect(person.body).toMatch(/<button[^>]*>Withdraw verification<\/button>/);
    // Staff only; a reason is needed, and without one nothing changes.
    const student = await loginAs(server, "student@demo.test");
    const asStudent = await post(personPath, { intent: "withdraw-verification", reason: "No." }, student);
    expect(asStudent.status).toBe(404);
    const bare = await post(personPath, { intent: "withdraw-verification", reason: "  " }, staff);
    expect(bare.status).toBe(400);
    expect(bare.body).toContain("Give the reason: it is emailed to the employer and kept in the audit log");
    expect((await page(address)).status).toBe(200);

    const reason = "The website is not the company's own.";
    const done = await post(personPath, { intent: "withdraw-verification", reason }, staff);
    expect(done.status).toBe(303);
    expect(decodeURIComponent(cookieSet(done, "flash") ?? "")).toBe(
      "Otherwise Ltd is no longer verified and is back in the moderation queue. Its open job waits for review. Its person is told by email.",
    );
    expect((await page(address)).status).toBe(404);
    expect((await searched("Warehouse operative")).body).not.toContain(address);
    expect(statusOf(await page(`/employer/jobs/${id}/preview`, other))).toBe("Waiting for review");
    const mail = await smtp.next(
      (m) => m.envelopeTo.includes("al@otherwise.test") && /^About Otherwise Ltd/.test(m.subject ?? ""),
    );
    expect(mail.text).toContain(`The reason: ${reason}`);
    const queue = await page("/ops/moderation", staff);
    expect(queue.body).toMatch(/href="\/ops\/moderation\/employer\/\d+"[^>]*>Otherwise Ltd</);
    expect(queue.body).toContain("Warehouse operative at Otherwise Ltd");
    expect((await page("/employer-dashboard", other)).body).toContain("Not verified yet");
    const after = await page(personPath, staff);
    expect(after.body).toMatch(/Verification<\/dt><dd[^>]*>Not verified</);
    expect(after.body).not.toContain(">Withdraw verification<");
    // A second withdrawal has nothing to withdraw.
    const again = await post(personPath, { intent: "withdraw-verification", reason: "Twice." }, staff);
    expect(again.status).toBe(409);
    expect(again.body).toContain("Otherwise Ltd is not verified.");
  });
});

describe("the posting limit", () => {
  it("refuses changes past the limit with 429, counted before the form is checked", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await post("/employer/jobs/new", { ...JOB, title: "", intent: "save" }, limited)).status);
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe("what was stored", () => {
  it("holds the jobs with their organisation, status and poster, and the audit of each decision", async () => {
    const { jobs, audit, withdrawn } = await stopAndRead(async (db) => ({
      jobs: await db.select().from(jobPostings).where(eq(jobPostings.source, "employer")),
      audit: await db
        .select()
        .from(auditLog)
        .where(and(like(auditLog.action, "employer_job.%"))),
      withdrawn: await db.select().from(auditLog).where(eq(auditLog.action, "employer.verification_withdrawn")),
    }));
    expect(jobs.map((j) => [j.title, j.status]).sort()).toEqual(
      [
        ["Data analyst", "pending"],
        ["Night porter", "draft"],
        ["Warehouse operative", "pending"],
        ["Software developer", "closed"],
        ["Software developer", "draft"],
      ].sort(),
    );
    expect(jobs.every((j) => j.employerOrganisationId !== null && j.postedBy !== null)).toBe(true);
    const developer = jobs.find((j) => j.status === "closed")!;
    expect(developer).toMatchObject({ employerName: "Verity Labs", salaryMin: 20_000, socCode: "2134" });
    expect(developer.sponsorSlug).not.toBeNull();
    expect(developer.descriptionHtml).not.toContain("<script");
    // Sent without an occupation (no JavaScript, never checked): the classifier's, from the title.
    expect(jobs.find((j) => j.title === "Data analyst")).toMatchObject({ socSource: "classified" });
    expect(developer).toMatchObject({ socSource: "source", socConfidence: 1 });
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        "employer_job.approved",
        "employer_job.published",
        "employer_job.published",
        "employer_job.rejected",
        "employer_job.submitted",
        "employer_job.submitted",
      ].sort(),
    );
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]).toMatchObject({ actorRole: "platform_staff", targetType: "employer_organisation" });
    expect(withdrawn[0]!.changes).toEqual({
      verification: { before: "staff", after: null },
      verifiedAt: { before: expect.any(String), after: null },
      reason: { before: null, after: "The website is not the company's own." },
      jobsWaitingForReview: { before: null, after: 1 },
    });
  });
});
