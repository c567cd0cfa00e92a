import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type JobPosting, auditLog, jobPostings, jobReports, savedJobs } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createUser } from "../../../tests/support/factories";
import { jobBySlug, similarJobs, sitemapJobs } from "./page.server";
import { decideJobReports, jobReportsWaiting, reportJob, reportedJob } from "./reports.server";
import { savedJobsOf } from "./saved.server";
import { searchJobs } from "./search.server";

const NOW = new Date("2026-11-23T12:00:00Z");
const TODAY = "2026-11-23";
let database: Database;
let reported: JobPosting;
let other: JobPosting;
let staffId: number;
let studentId: number;

async function insertJob(n: number) {
  const [job] = await database.db
    .insert(jobPostings)
    .values({
      slug: `reported-analyst-${n}`,
      source: "test",
      externalId: String(n),
      title: `Data analyst ${n}`,
      employerName: "Alpha Ltd",
      type: "full-time",
      socCode: "2433",
      descriptionMarkdown: "Numbers.",
      descriptionHtml: "<p>Numbers.</p>",
      postedAt: new Date("2026-11-01T09:00:00Z"),
    })
    .returning();
  return job!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  reported = await insertJob(1);
  other = await insertJob(2);
  staffId = (await createUser(database.db, { role: "platform_staff" })).id;
  studentId = (await createUser(database.db)).id;
});
afterAll(() => database?.close());

const report = (by: { userId?: number; ip?: string }, jobPostingId = reported.id) =>
  reportJob(database.db, {
    jobPostingId,
    reason: "Asks for payment",
    details: null,
    userId: by.userId ?? null,
    ip: by.ip ?? "192.0.2.1",
    now: NOW,
  });
const found = async () => ({
  search: (await searchJobs(database.db, { q: "analyst" }, NOW, new Map())).results.map((r) => r.slug),
  page: (await jobBySlug(database.db, reported.slug))?.id ?? null,
  similar: (await similarJobs(database.db, other)).map((j) => j.id),
  sitemap: (await sitemapJobs(database.db, TODAY)).map((j) => j.loc),
});
const staff = () => ({ id: staffId, role: "platform_staff" });

describe("reporting a job", () => {
  it("takes one report per person and per visitor's address, and three undecided reports hide the job", async () => {
    expect(await report({ ip: "192.0.2.1" })).toBe("reported");
    expect(await report({ ip: "192.0.2.1" })).toBe("duplicate");
    expect(await report({ userId: studentId, ip: "192.0.2.1" })).toBe("reported");
    expect(await report({ userId: studentId, ip: "198.51.100.9" })).toBe("duplicate");
    await database.db.insert(savedJobs).values({ userId: studentId, jobPostingId: reported.id, savedAt: NOW });
    const saved = async () => (await savedJobsOf(database.db, studentId, TODAY)).map((s) => s.job.id);
    expect(await saved()).toContain(reported.id);
    const shown = await found();
    expect(shown.search).toContain(reported.slug);
    expect(shown.page).toBe(reported.id);
    expect(shown.similar).toContain(reported.id);
    expect(shown.sitemap).toContain(`/jobs/${reported.slug}`);

    expect(await report({ ip: "203.0.113.7" })).toBe("reported");
    const [row] = await database.db.select().from(jobPostings).where(eq(jobPostings.id, reported.id));
    expect(row!.hiddenAt).toEqual(NOW);
    const hidden = await found();
    expect(hidden.search).not.toContain(reported.slug);
    expect(hidden.search).toContain(other.slug);
    expect(hidden.page).toBeNull();
    expect(hidden.similar).not.toContain(reported.id);
    expect(hidden.sitemap).not.toContain(`/jobs/${reported.slug}`);
    expect(await saved()).not.toContain(reported.id);
    // Visitors' addresses are kept only as hashes.
    const stored = await database.db.select().from(jobReports);
    expect(stored).toHaveLength(3);
    expect(stored.map((r) => r.reporterAddressHash).join()).not.toContain("192.0.2.1");
  });

  it("lists the job once in the console's queue with its reports", async () => {
    const waiting = await jobReportsWaiting(database.db);
    expect(waiting).toEqual([
      expect.objectContaining({ kind: "job-report", id: reported.id, submitter: "3 reports", submittedAt: NOW }),
    ]);
    const item = await reportedJob(database.db, reported.id);
    expect(item?.reports).toHaveLength(3);
    expect(await reportedJob(database.db, other.id)).toBeNull();
  });

  it("keeping the job dismisses its reports and shows it again, audited", async () => {
    const later = new Date(NOW.getTime() + 60_000);
    expect(
      await decideJobReports({ db: database.db, now: later }, staff(), reported.id, true, "A real employer."),
    ).toBe(true);
    expect((await found()).search).toContain(reported.slug);
    expect(await jobReportsWaiting(database.db)).toEqual([]);
    const decided = await database.db.select().from(jobReports);
    expect(decided.every((r) => r.decision === "dismissed" && r.decidedBy === staffId)).toBe(true);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "job_report.dismissed"));
    expect(entry).toMatchObject({ actorId: staffId, targetType: "job_posting", targetId: String(reported.id) });
    expect(entry!.changes.hiddenAt).toEqual({ before: NOW.toISOString(), after: null });
    // Decided reports no longer count, and nothing waits to decide again.
    expect(await decideJobReports({ db: database.db, now: later }, staff(), reported.id, true, "Again.")).toBe(false);
    expect(await report({ ip: "203.0.113.8" })).toBe("reported");
    expect((await found()).page).toBe(reported.id);
  });

  it("removing the job closes it and keeps it hidden, audited", async () => {
    await report({ ip: "203.0.113.9" });
    await report({ ip: "203.0.113.10" });
    expect((await found()).page).toBeNull();
    expect(await decideJobReports({ db: database.db, now: NOW }, staff(), reported.id, false, "A scam.")).toBe(true);
    const [row] = await database.db.select().from(jobPostings).where(eq(jobPostings.id, reported.id));
    expect(row).toMatchObject({ status: "closed", closedAt: NOW, hiddenAt: NOW });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "job_report.upheld"));
    expect(entry!.changes.status).toEqual({ before: "open", after: "closed" });
    expect((await found()).search).not.toContain(reported.slug);
  });
});
