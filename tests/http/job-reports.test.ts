import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { auditLog, jobPostings, jobReports, users } from "~/db/schema";
import { type Reply, type TestServer, loginAs, loginAsStaff, request, startServerWithData } from "./harness";

// "Report this job" (issue 31, scope 5): anyone reports a job from its page, three undecided reports
// hide it, and staff keep or remove it from /ops/moderation, audited.
let server: TestServer;
let stopAndRead: <R>(read: (db: Db) => Promise<R>) => Promise<R>;
let ids: { full: number; part: number };
let staff: string;
let student: string;

async function job(db: Db, slug: string, title: string, type: "full-time" | "part-time") {
  const [row] = await db
    .insert(jobPostings)
    .values({
      slug,
      source: "test",
      externalId: slug,
      title,
      employerName: "Quillfeather Ltd",
      type,
      descriptionMarkdown: "Counting zebrafish.",
      descriptionHtml: "<p>Counting zebrafish.</p>",
      postedAt: new Date(),
    })
    .returning({ id: jobPostings.id });
  return row!.id;
}

beforeAll(async () => {
  const started = await startServerWithData(
    async (db) => ({
      full: await job(db, "zebrafish-analyst", "Zebrafish analyst", "full-time"),
      part: await job(db, "zebrafish-keeper", "Zebrafish keeper", "part-time"),
    }),
    { TRUST_PROXY: "true", PUBLIC_URL: "http://localhost" },
  );
  ({ server, stopAndRead, prepared: ids } = started);
  staff = await loginAsStaff(server);
  student = await loginAs(server, "student@demo.test");
});
afterAll(() => server?.stop());

const VALID = { reason: "Asks for payment", details: "They want £200 for training." };
const post = (path: string, form: Record<string, string>, from: string, cookie?: string) =>
  request(server, {
    path,
    cookie,
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": from },
    form,
  });
const page = (path: string, cookie?: string) => request(server, { path, cookie });
const flashOf = (reply: Reply) =>
  decodeURIComponent(
    reply.setCookies
      .find((c) => c.startsWith("flash="))!
      .split(";")[0]!
      .slice(6),
  );
const THANKS = "Thank you: the report reaches our team.";

describe("Report this job", () => {
  it("offers the form on full-time and part-time job pages", async () => {
    for (const path of ["/jobs/zebrafish-analyst", "/part-time-jobs/zebrafish-keeper"]) {
      const reply = await page(path);
      expect(reply.status).toBe(200);
      expect(reply.body).toContain("Report this job");
      expect(reply.body).toContain("Wrong or misleading sponsorship information");
    }
  });

  it("refuses a report without a reason or with over 1,000 characters of details, storing nothing", async () => {
    const none = await post("/jobs/zebrafish-analyst", { reason: "", details: "" }, "198.51.100.90");
    expect(none.status).toBe(400);
    expect(none.body).toContain("Choose why you are reporting this job");
    const made = await post("/jobs/zebrafish-analyst", { reason: "Made up", details: "" }, "198.51.100.90");
    expect(made.status).toBe(400);
    const long = await post("/jobs/zebrafish-analyst", { ...VALID, details: "x".repeat(1001) }, "198.51.100.90");
    expect(long.status).toBe(400);
    expect(long.body).toContain("The details are at most 1,000 characters");
    expect(long.body).toContain("Asks for payment");
  });

  it("takes a visitor's report and thanks them back on the job's page; a bot's honeypot is thanked and dropped", async () => {
    const reply = await post("/jobs/zebrafish-analyst", VALID, "198.51.100.1");
    expect(reply.status).toBe(303);
    expect(reply.location).toBe("/jobs/zebrafish-analyst");
    expect(flashOf(reply)).toBe(THANKS);
    const bot = await post("/jobs/zebrafish-analyst", { ...VALID, website: "spam.example" }, "198.51.100.66");
    expect(bot.status).toBe(303);
  });

  it("thanks a second report from the same address alike and limits reports per address", async () => {
    const from = "198.51.100.50";
    for (let i = 0; i < 10; i++) {
      const reply = await post("/part-time-jobs/zebrafish-keeper", VALID, from);
      expect(reply.status).toBe(303);
      expect(reply.location).toBe("/part-time-jobs/zebrafish-keeper");
    }
    const over = await post("/part-time-jobs/zebrafish-keeper", VALID, from);
    expect(over.status).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    // Another address is not held back.
    expect((await post("/part-time-jobs/zebrafish-keeper", VALID, "198.51.100.51")).status).toBe(303);
  });

  it("hides the job at the third undecided report: gone from search, its page 404", async () => {
    expect((await page("/jobs?q=zebrafish")).body).toContain("/jobs/zebrafish-analyst");
    // A logged-in student on the first visitor's address counts as someone else.
    expect((await post("/jobs/zebrafish-analyst", VALID, "198.51.100.1", student)).status).toBe(303);
    expect((await page("/jobs/zebrafish-analyst")).status).toBe(200);
    expect((await post("/jobs/zebrafish-analyst", { reason: "Discriminatory" }, "198.51.100.2")).status).toBe(303);
    expect((await page("/jobs/zebrafish-analyst")).status).toBe(404);
    const search = await page("/jobs?q=zebrafish");
    expect(search.body).not.toContain("/jobs/zebrafish-analyst");
    expect(search.body).toContain("/jobs/zebrafish-keeper");
    expect((await post("/jobs/zebrafish-analyst", VALID, "198.51.100.3")).status).toBe(404);
  });

  it("keeps the queue from students and visitors", async () => {
    for (const cookie of [student, undefined]) {
      expect((await page("/ops/moderation", cookie)).status).toBe(404);
      expect((await page(`/ops/moderation/job-report/${ids.full}`, cookie)).status).toBe(404);
      const decided = await post(
        `/ops/moderation/job-report/${ids.full}`,
        { intent: "approve", reason: "x" },
        "::1",
        cookie,
      );
      expect(decided.status).toBe(404);
    }
  });

  it("lists each reported job once for staff, with its reports", async () => {
    const queue = await page("/ops/moderation?kind=job-report", staff);
    expect(queue.status).toBe(200);
    expect(queue.body).toContain("Zebrafish analyst at Quillfeather Ltd");
    expect(queue.body).toContain("3 reports");
    expect(queue.body).toContain("Zebrafish keeper at Quillfeather Ltd");
    const item = await page(`/ops/moderation/job-report/${ids.full}`, staff);
    expect(item.status).toBe(200);
    expect(item.body).toContain("Asks for payment: They want £200 for training.");
    expect(item.body).toContain("Discriminatory");
    expect(item.body).toContain("Keep the job");
    expect(item.body).toContain("Remove the job");
  });

  it("staff keep a job with a reason: shown again, audited", async () => {
    const path = `/ops/moderation/job-report/${ids.full}`;
    const bare = await post(path, { intent: "approve", reason: "" }, "::1", staff);
    expect(bare.status).toBe(400);
    expect(bare.body).toContain("Give the reason for the decision");
    expect((await page("/jobs/zebrafish-analyst")).status).toBe(404);
    const kept = await post(path, { intent: "approve", reason: "The employer is real." }, "::1", staff);
    expect(kept.status).toBe(303);
    expect(flashOf(kept)).toContain("is kept");
    expect((await page("/jobs/zebrafish-analyst")).status).toBe(200);
    expect((await page("/jobs?q=zebrafish")).body).toContain("/jobs/zebrafish-analyst");
    expect((await page(path, staff)).status).toBe(404);
  });

  it("staff remove a job: closed and hidden for good, audited", async () => {
    const path = `/ops/moderation/job-report/${ids.part}`;
    const removed = await post(path, { intent: "reject", reason: "A scam." }, "::1", staff);
    expect(removed.status).toBe(303);
    expect(flashOf(removed)).toContain("is removed");
    expect((await page("/part-time-jobs/zebrafish-keeper")).status).toBe(404);
    expect((await page("/jobs?q=zebrafish")).body).not.toContain("zebrafish-keeper");
  });

  it("stored each report once, and each decision with its audit entry", async () => {
    const { reports, audits, staffId, studentId } = await stopAndRead(async (db) => ({
      reports: await db.select().from(jobReports).orderBy(asc(jobReports.id)),
      audits: await db.select().from(auditLog).where(eq(auditLog.targetType, "job_posting")).orderBy(asc(auditLog.id)),
      staffId: (await db.select({ id: users.id }).from(users).where(eq(users.email, "ops@demo.test")))[0]!.id,
      studentId: (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, "student@demo.test")))
      )[0]!.id,
    }));
    expect(reports.map((r) => [r.jobPostingId, r.reporterUserId, r.decision])).toEqual([
      [ids.full, null, "dismissed"],
      [ids.part, null, "upheld"],
      [ids.part, null, "upheld"],
      [ids.full, studentId, "dismissed"],
      [ids.full, null, "dismissed"],
    ]);
    expect(reports[0]!.details).toBe(VALID.details);
    expect(reports[3]!.reporterAddressHash).toBeNull();
    expect(audits.map((a) => [a.action, a.actorId, Number(a.targetId)])).toEqual([
      ["job_report.dismissed", staffId, ids.full],
      ["job_report.upheld", staffId, ids.part],
    ]);
    expect(audits[0]!.changes.reason).toEqual({ before: null, after: "The employer is real." });
  });
});
