import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { emailOutbox, employerOrganisations, jobPostings } from "~/db/schema";
import { Outbox } from "~/features/email/index.server";
import {
  createEmployerOrganisation,
  createJobPosting,
  createUser,
  createUniversity,
} from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { employerOrganisationOf, withdrawVerification } from "./withdrawal.server";

const NOW = new Date("2026-11-29T10:00:00Z");
const STAFF = SYSTEM_ACTOR;
let database: Database;
let orgId: number;
let recruiterId: number;
let studentId: number;
let jobs: Record<"open" | "draft" | "closed" | "feed" | "another", number>;

const withdraw = (userId: number, reason = "Not the company's website.") =>
  withdrawVerification(
    { db: database.db, outbox: new Outbox(() => NOW, "test.example"), now: NOW, origin: "https://x.test" },
    STAFF,
    userId,
    reason,
  );
const statusOf = async (id: number) =>
  (await database.db.select({ s: jobPostings.status }).from(jobPostings).where(eq(jobPostings.id, id)))[0]!.s;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const org = await createEmployerOrganisation(db, { name: "Quill Ltd", holdsNoLicence: true });
  const other = await createEmployerOrganisation(db, { name: "Other Ltd", holdsNoLicence: true });
  orgId = org.id;
  const person = (email: string, extra = {}) =>
    createUser(db, { role: "employer", email, employerOrganisationId: org.id, ...extra });
  recruiterId = (await person("jo@quill.test")).id;
  await person("kit@quill.test");
  await person("rae@quill.test", { passwordHash: null });
  await person("old@quill.test", { accessStatus: "deactivated" });
  const university = await createUniversity(db);
  studentId = (await createUser(db, { universityId: university.id })).id;
  const job = (extra: Partial<typeof jobPostings.$inferInsert>) => createJobPosting(db, extra).then((j) => j.id);
  jobs = {
    open: await job({ employerOrganisationId: org.id }),
    draft: await job({ employerOrganisationId: org.id, status: "draft" }),
    closed: await job({ employerOrganisationId: org.id, status: "closed", closedAt: NOW }),
    // A feed's job naming the organisation is its source's to manage, not the organisation's.
    feed: await job({ employerOrganisationId: org.id, source: "test-feed" }),
    another: await job({ employerOrganisationId: other.id }),
  };
});
afterAll(() => database?.close());

describe("withdrawVerification", () => {
  it("shows the console the organisation of an employer account, and none for anyone else", async () => {
    expect(await employerOrganisationOf(database.db, recruiterId)).toMatchObject({
      name: "Quill Ltd",
      verification: "staff",
      openJobs: 1,
      rejectedAt: null,
    });
    expect(await employerOrganisationOf(database.db, studentId)).toBeNull();
  });

  it("unverifies the organisation, holds its own open jobs for review and emails the people who joined", async () => {
    expect(await withdraw(recruiterId)).toEqual({ ok: true, organisation: "Quill Ltd", jobs: 1, told: 2 });
    const [org] = await database.db.select().from(employerOrganisations).where(eq(employerOrganisations.id, orgId));
    expect(org).toMatchObject({ verifiedAt: null, verifiedBy: null, verification: null, rejectedAt: null });
    expect(await statusOf(jobs.open)).toBe("pending");
    expect(await statusOf(jobs.draft)).toBe("draft");
    expect(await statusOf(jobs.closed)).toBe("closed");
    expect(await statusOf(jobs.feed)).toBe("open");
    expect(await statusOf(jobs.another)).toBe("open");
    const mail = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "employer-verification-withdrawn"));
    expect(mail.map((m) => m.toAddress).sort()).toEqual(["jo@quill.test", "kit@quill.test"]);
    expect(mail[0]!.textBody).toContain("The reason: Not the company's website.");
  });

  it("refuses an organisation that is not verified (409), and an account without one (404), changing nothing", async () => {
    expect(await withdraw(recruiterId)).toMatchObject({
      ok: false,
      status: 409,
      message: "Quill Ltd is not verified.",
    });
    expect(await withdraw(studentId)).toMatchObject({ ok: false, status: 404 });
    expect(await statusOf(jobs.another)).toBe("open");
  });
});
