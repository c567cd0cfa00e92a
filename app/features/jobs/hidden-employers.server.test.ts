import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox, universityEmployers } from "~/db/schema";
import { Outbox } from "~/features/email/outbox.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { employersHiddenFrom, hiddenEmployersFor } from "~/features/university-employers/index.server";
import { manualClock } from "../../../tests/support/clock";
import {
  createEmployerOrganisation,
  createJobPosting,
  createUniversity,
  createUser,
} from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createAlert, runDueAlerts } from "./alerts.server";
import { recommendedJobs } from "./recommend.server";
import { searchJobs } from "./search.server";
import { NewsletterLinks } from "./unsubscribe.server";

/**
 * A university's blocked employer: its jobs leave that university's students' search, recommendations
 * and alerts, and nobody else's; feed jobs belong to no employer account and stay.
 */
const START = new Date("2026-11-23T08:00:00Z");
const DAY = 86_400_000;
let database: Database;
let rules: RuleSet;
let fixture: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const db = database.db;
  const [blocking, other] = [await createUniversity(db), await createUniversity(db)];
  const [blocked, kept] = [
    await createEmployerOrganisation(db, { name: "Blocked Pharmacy" }),
    await createEmployerOrganisation(db, { name: "Kept Pharmacy" }),
  ];
  await db
    .insert(universityEmployers)
    .values({ universityId: blocking.id, employerOrganisationId: blocked.id, decision: "blocked", decidedAt: START });
  // Added to the platform an hour after the alerts were saved.
  const added = { postedAt: START, createdAt: new Date(START.getTime() + 3_600_000) };
  await createJobPosting(db, { ...added, title: "Pharmacist (feed)", employerName: "Feed Chemists" });
  await createJobPosting(db, {
    ...added,
    title: "Pharmacist (blocked)",
    employerName: "Blocked Pharmacy",
    employerOrganisationId: blocked.id,
  });
  await createJobPosting(db, {
    ...added,
    title: "Pharmacist (kept)",
    employerName: "Kept Pharmacy",
    employerOrganisationId: kept.id,
  });
  return { blocking, other };
}

beforeAll(async () => {
  database = await createTestDatabase();
  rules = (await ruleSetFor("2026-11-23"))!;
  fixture = await setUp();
});
afterAll(() => database?.close());

const titles = (results: readonly { title: string }[]) => results.map((r) => r.title).sort();
const ALL = ["Pharmacist (blocked)", "Pharmacist (feed)", "Pharmacist (kept)"];
const WITHOUT_BLOCKED = ["Pharmacist (feed)", "Pharmacist (kept)"];

describe("job search", () => {
  it("leaves out a blocked employer's jobs, in results, total and facets, for that university's students only", async () => {
    const { db } = database;
    const now = new Date(START.getTime() + DAY);
    const student = (universityId: number) => hiddenEmployersFor(db, { role: "student", universityId });
    for (const search of [{ q: "pharmacist" }, {}]) {
      const hiddenHere = await student(fixture.blocking.id);
      const mine = await searchJobs(db, { ...search, hiddenEmployers: hiddenHere }, now, rules.occupations);
      expect(titles(mine.results)).toEqual(WITHOUT_BLOCKED);
      expect(mine.total).toBe(2);
      expect(mine.facets.type).toEqual([{ value: "full-time", count: 2 }]);

      const elsewhere = await student(fixture.other.id);
      const theirs = await searchJobs(db, { ...search, hiddenEmployers: elsewhere }, now, rules.occupations);
      expect(titles(theirs.results)).toEqual(ALL);
      const visitor = await searchJobs(db, search, now, rules.occupations);
      expect(titles(visitor.results)).toEqual(ALL);
    }
  });
});

describe("recommendations", () => {
  it("leave out the blocked employer's jobs for that university's students only", async () => {
    const { db } = database;
    const prefs = { locations: ["London"], jobTypes: [], sectors: [], stage: null, needsSponsorship: false };
    const now = new Date(START.getTime() + DAY);
    const mine = await recommendedJobs(db, prefs, now, rules.occupations, {
      limit: 10,
      hiddenEmployers: await employersHiddenFrom(db, fixture.blocking.id),
    });
    expect(titles(mine.map((r) => r.job))).toEqual(WITHOUT_BLOCKED);
    const theirs = await recommendedJobs(db, prefs, now, rules.occupations, {
      limit: 10,
      hiddenEmployers: await employersHiddenFrom(db, fixture.other.id),
    });
    expect(titles(theirs.map((r) => r.job))).toEqual(ALL);
  });
});

describe("job alerts", () => {
  it("leave out the blocked employer's jobs for that university's students and pre-departure students only", async () => {
    const { db } = database;
    const clock = manualClock(START);
    const outbox = new Outbox(clock, "platform.test");
    const links = new NewsletterLinks("a-test-secret-that-is-long-enough-0123456789");
    const person = async (role: "student" | "predeparture_student", universityId: number) => {
      const user = await createUser(db, { role, universityId, emailVerifiedAt: START });
      await createAlert(db, user.id, { list: "/jobs", params: { q: "pharmacist" } }, "daily", START);
      return user;
    };
    const [student, predeparture, elsewhere] = [
      await person("student", fixture.blocking.id),
      await person("predeparture_student", fixture.blocking.id),
      await person("student", fixture.other.id),
    ];
    clock.advance(DAY);
    const ran = await runDueAlerts(
      { db, outbox, links, origin: "https://careers.example", occupations: rules.occupations },
      clock(),
    );
    expect(ran).toEqual({ checked: 3, sent: 3 });
    const emailTo = async (email: string) =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))[0]!;
    for (const user of [student, predeparture]) {
      const email = await emailTo(user.email);
      expect(email.subject).toBe("2 new jobs for your saved search");
      expect(email.textBody).not.toContain("Pharmacist (blocked)");
      expect(email.textBody).toContain("Pharmacist (kept)");
    }
    const theirs = await emailTo(elsewhere.email);
    expect(theirs.subject).toBe("3 new jobs for your saved search");
    expect(theirs.textBody).toContain("Pharmacist (blocked)");
  });
});
