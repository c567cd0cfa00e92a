import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { seedDemoData } from "~/db/setup.server";
import { employerOrganisations, jobApplications, jobPostings, users } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { generateDemoEmployers } from "./demo.server";

let database: Database;
const now = new Date("2026-11-28T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, randomBytes(32), now);
});
afterAll(() => database?.close());

describe("generateDemoEmployers", () => {
  it("posts nothing without the generated demo jobs beside it", async () => {
    expect(await generateDemoEmployers(database.db, now, async () => null)).toEqual({ jobs: 0, applications: 0 });
  });

  it("posts the demo employers' jobs (open, or waiting for review) and a student's two applications, once", async () => {
    await database.db.insert(jobPostings).values({
      slug: "generated-demo-job",
      source: "demo",
      externalId: "1",
      title: "Generated",
      employerName: "Someone",
      type: "full-time",
      descriptionMarkdown: "",
      descriptionHtml: "",
      postedAt: now,
      demo: true,
    });
    expect(await generateDemoEmployers(database.db, now, async () => null)).toEqual({ jobs: 4, applications: 2 });
    const posted = await database.db
      .select({
        title: jobPostings.title,
        status: jobPostings.status,
        demo: jobPostings.demo,
        org: employerOrganisations.name,
      })
      .from(jobPostings)
      .innerJoin(employerOrganisations, eq(employerOrganisations.id, jobPostings.employerOrganisationId))
      .orderBy(jobPostings.id);
    expect(posted.map((p) => [p.title, p.status, p.demo])).toEqual([
      ["Graduate Software Developer", "open", true],
      ["Data Analyst", "open", true],
      ["Summer Marketing Intern", "open", true],
      ["Customer Support Assistant", "pending", true],
    ]);
    const applications = await database.db
      .select({
        email: users.email,
        job: jobPostings.title,
        status: jobApplications.status,
        pdf: jobApplications.cvPdf,
      })
      .from(jobApplications)
      .innerJoin(users, eq(users.id, jobApplications.userId))
      .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.jobPostingId))
      .orderBy(jobApplications.id);
    expect(applications.map((a) => [a.email, a.job, a.status])).toEqual([
      ["basic.student@demo.test", "Graduate Software Developer", "shortlisted"],
      ["basic.student@demo.test", "Data Analyst", "received"],
    ]);
    expect(applications[0]!.pdf!.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await generateDemoEmployers(database.db, now, async () => null)).toEqual({ jobs: 0, applications: 0 });
  });
});
