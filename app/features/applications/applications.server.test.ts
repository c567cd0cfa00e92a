import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  auditLog,
  emailOutbox,
  employerOrganisations,
  events,
  jobApplications,
  jobPostings,
  type University,
  type User,
} from "~/db/schema";
import { createCv } from "~/features/cv/queries.server";
import { SAMPLE_CV } from "~/features/cv/sample";
import { Outbox } from "~/features/email/outbox.server";
import { manualClock } from "../../../tests/support/clock";
import { accountIn, createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  applicantCv,
  applicantsOf,
  applicationsOf,
  applyWithCv,
  changeApplicationStatus,
  withdrawApplication,
} from "./applications.server";

const clock = manualClock(new Date("2026-11-28T10:00:00Z"));
const TODAY = "2026-11-28";
let database: Database;
let university: University;
let student: User;
let other: User;
let cvId: number;
let acme: number;
let rival: number;
let job: { id: number; slug: string };
let n = 0;

async function insertJob(values: Partial<typeof jobPostings.$inferInsert>) {
  n += 1;
  const [row] = await database.db
    .insert(jobPostings)
    .values({
      slug: `analyst-${n}`,
      source: "employer",
      externalId: String(n),
      title: `Data analyst ${n}`,
      employerName: "Acme Ltd",
      type: "full-time",
      descriptionMarkdown: "Numbers.",
      descriptionHtml: "<p>Numbers.</p>",
      postedAt: new Date("2026-11-01T09:00:00Z"),
      ...values,
    })
    .returning();
  return row!;
}

const organisation = async (name: string) =>
  (
    await database.db
      .insert(employerOrganisations)
      .values({ name, website: `https://${name}.test`, websiteDomain: `${name}.test`, verifiedAt: clock() })
      .returning()
  )[0]!.id;

const deps = () => ({
  db: database.db,
  outbox: new Outbox(clock, "test.example"),
  now: clock(),
  origin: "https://x.test",
});
const employerActor = { id: null, role: "employer" };

beforeAll(async () => {
  database = await createTestDatabase();
  university = await createUniversity(database.db, { name: "Harbour University" });
  student = await createUser(database.db, { universityId: university.id, name: "Aisha Khan", ...accountIn("active") });
  other = await createUser(database.db, { universityId: university.id, ...accountIn("active") });
  const made = await createCv(
    database.db,
    student,
    { name: "Analyst CV", document: SAMPLE_CV, source: "empty" },
    clock(),
  );
  if (!made.ok) throw new Error("no CV");
  cvId = made.cv.id;
  acme = await organisation("acme");
  rival = await organisation("rival");
  job = await insertJob({ employerOrganisationId: acme });
});
afterAll(() => database?.close());

describe("applying with a CV", () => {
  it("keeps the CV as a PDF of its version, with the note, and records job.applied with the student's university", async () => {
    const outcome = await applyWithCv(database.db, student, { slug: job.slug, cvId, note: "Keen." }, clock(), TODAY);
    expect(outcome.ok).toBe(true);
    const [row] = await database.db.select().from(jobApplications).where(eq(jobApplications.userId, student.id));
    expect(row!.cvPdf!.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(row).toMatchObject({ cvName: "Analyst CV", cvVersion: 1, note: "Keen.", status: "received" });
    const applied = await database.db
      .select()
      .from(events)
      .where(and(eq(events.kind, "job.applied"), eq(events.userId, student.id)));
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ universityId: university.id, jobPostingId: job.id });
  });

  it("refuses a second application to the same job, storing nothing more", async () => {
    const again = await applyWithCv(database.db, student, { slug: job.slug, cvId, note: "" }, clock(), TODAY);
    expect(again).toEqual({ ok: false, reason: "duplicate" });
    const rows = await database.db.select().from(jobApplications).where(eq(jobApplications.userId, student.id));
    expect(rows).toHaveLength(1);
    const applied = await database.db
      .select()
      .from(events)
      .where(and(eq(events.kind, "job.applied"), eq(events.userId, student.id)));
    expect(applied).toHaveLength(1);
  });

  it("takes only another's CV as no CV, and refuses feed and sources' jobs, closed jobs and jobs past their closing date", async () => {
    expect(await applyWithCv(database.db, other, { slug: job.slug, cvId, note: "" }, clock(), TODAY)).toEqual({
      ok: false,
      reason: "no-cv",
    });
    const feed = await insertJob({ source: "feed", applyUrl: "https://acme.test/apply" });
    const closed = await insertJob({ employerOrganisationId: acme, status: "closed" });
    const draft = await insertJob({ employerOrganisationId: acme, status: "pending" });
    const past = await insertJob({ employerOrganisationId: acme, closingDate: "2026-11-27" });
    // A job source's job that belongs to the organisation keeps its source's apply link.
    const sourced = await insertJob({
      employerOrganisationId: acme,
      source: "source:1",
      applyUrl: "https://acme.test/a",
    });
    for (const j of [feed, closed, draft, past, sourced])
      expect(await applyWithCv(database.db, student, { slug: j.slug, cvId, note: "" }, clock(), TODAY)).toEqual({
        ok: false,
        reason: "no-job",
      });
    const lastDay = await insertJob({ employerOrganisationId: acme, closingDate: TODAY });
    expect((await applyWithCv(database.db, student, { slug: lastDay.slug, cvId, note: "" }, clock(), TODAY)).ok).toBe(
      true,
    );
  });
});

describe("the employer's side", () => {
  it("lists applicants to the organisation's job and serves the PDF to that organisation only", async () => {
    const [applicant] = await applicantsOf(database.db, job.id);
    expect(applicant).toMatchObject({ name: "Aisha Khan", email: student.email, note: "Keen.", status: "received" });
    expect(Object.keys(applicant!).sort()).toEqual(["createdAt", "cvName", "email", "id", "name", "note", "status"]);
    expect((await applicantCv(database.db, acme, job.id, applicant!.id))?.pdf.subarray(0, 4).toString()).toBe("%PDF");
    expect(await applicantCv(database.db, rival, job.id, applicant!.id)).toBeNull();
  });

  it("changes a status with its audit entry and one email to that student; another organisation changes nothing", async () => {
    const [applicant] = await applicantsOf(database.db, job.id);
    expect(await changeApplicationStatus(deps(), employerActor, rival, job.id, applicant!.id, "offer")).toBe(
      "not-found",
    );
    clock.advance(60_000);
    expect(await changeApplicationStatus(deps(), employerActor, acme, job.id, applicant!.id, "shortlisted")).toBe(
      "changed",
    );
    expect(await changeApplicationStatus(deps(), employerActor, acme, job.id, applicant!.id, "shortlisted")).toBe(
      "unchanged",
    );
    const [row] = await database.db.select().from(jobApplications).where(eq(jobApplications.id, applicant!.id));
    expect(row).toMatchObject({ status: "shortlisted", statusChangedAt: clock() });
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "application.status_changed"), eq(auditLog.targetId, String(applicant!.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      universityId: university.id,
      targetType: "job_application",
      changes: { status: { before: "received", after: "shortlisted" } },
    });
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "application-status"));
    expect(mail.map((m) => m.toAddress)).toEqual([student.email]);
    expect(mail[0]!.subject).toContain("shortlisted");
    expect(mail[0]!.textBody).toContain("Harbour University");
    expect(mail[0]!.textBody).toContain("https://x.test/my-applications");
  });
});

describe("withdrawing", () => {
  it("empties the PDF, which the employer can no longer open, and freezes the status", async () => {
    const [mine] = await applicationsOf(database.db, student.id).then((rows) =>
      rows.filter((r) => r.slug === job.slug),
    );
    expect(await withdrawApplication(database.db, other.id, mine!.id, clock())).toBe(false);
    expect(await withdrawApplication(database.db, student.id, mine!.id, clock())).toBe(true);
    expect(await withdrawApplication(database.db, student.id, mine!.id, clock())).toBe(false);
    const [row] = await database.db.select().from(jobApplications).where(eq(jobApplications.id, mine!.id));
    expect(row).toMatchObject({ status: "withdrawn", cvPdf: null });
    expect(await applicantCv(database.db, acme, job.id, mine!.id)).toBeNull();
    expect(await changeApplicationStatus(deps(), employerActor, acme, job.id, mine!.id, "offer")).toBe("withdrawn");
  });
});
