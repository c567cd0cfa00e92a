import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { events, jobPostings } from "~/db/schema";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";
import { saveJob, savedAmong, savedJobsOf, unsaveJob } from "./saved.server";
import { NewsletterLinks } from "./unsubscribe.server";

const NOW = new Date("2026-11-23T12:00:00Z");
let database: Database;
let rules: RuleSet;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  rules = (await ruleSetFor("2026-11-23"))!;
  const job = (id: string, closing?: string) =>
    JSON.stringify({
      id,
      title: `Job ${id}`,
      employer: "Acme Ltd",
      type: "full-time",
      description: "A job.",
      apply_email: "jobs@acme.example",
      posted_at: NOW.toISOString(),
      closing_date: closing,
    });
  const feed = await readFeed(
    (async function* () {
      yield [
        job("late", "2026-12-20"),
        job("soon", "2026-11-30"),
        job("none"),
        job("gone", "2026-11-25"),
        job("past", "2026-11-20"),
      ].join("\n");
    })(),
    "jsonl",
  );
  expect((await importJobs(database.db, feed, { source: "saved", now: NOW, today: "2026-11-23", rules })).ok).toBe(
    true,
  );
  for (const row of await database.db.select().from(jobPostings)) slugs[row.externalId] = row.slug;
  await database.db
    .update(jobPostings)
    .set({ status: "closed", closedAt: NOW })
    .where(eq(jobPostings.externalId, "gone"));
});
afterAll(() => database?.close());

describe("saved jobs", () => {
  it("lists open jobs closing soonest first, then those without a date, then closed ones", async () => {
    const university = await createUniversity(database.db);
    const user = await createUser(database.db, { universityId: university.id });
    const saver = { id: user.id, universityId: university.id };
    for (const id of ["gone", "none", "past", "late", "soon"])
      expect(await saveJob(database.db, saver, slugs[id]!, NOW)).toBe("saved");
    // "past" is open at its source but its closing date has gone: it goes with the closed ones.
    expect((await savedJobsOf(database.db, user.id, "2026-11-23")).map((s) => s.job.slug)).toEqual(
      ["soon", "late", "none", "past", "gone"].map((id) => slugs[id]),
    );
    expect((await savedAmong(database.db, user.id, [slugs.soon!, "not-a-job"])).sort()).toEqual([slugs.soon]);
    const recorded = await database.db
      .select()
      .from(events)
      .where(and(eq(events.userId, user.id), eq(events.kind, "job.saved")));
    expect(recorded).toHaveLength(5);
    expect(recorded.every((e) => e.universityId === university.id)).toBe(true);
  });

  it("saves a job once, forgets it on request, and says when a job does not exist", async () => {
    const user = await createUser(database.db);
    const saver = { id: user.id, universityId: null };
    expect(await saveJob(database.db, saver, slugs.late!, NOW)).toBe("saved");
    expect(await saveJob(database.db, saver, slugs.late!, NOW)).toBe("saved");
    expect(await savedJobsOf(database.db, user.id, "2026-11-23")).toHaveLength(1);
    expect(await database.db.select().from(events).where(eq(events.userId, user.id))).toHaveLength(1);
    expect(await saveJob(database.db, saver, "no-such-job", NOW)).toBe("not-found");
    await unsaveJob(database.db, user.id, slugs.late!);
    expect(await savedJobsOf(database.db, user.id, "2026-11-23")).toEqual([]);
    // Another person's saves are theirs.
    const other = await createUser(database.db);
    await saveJob(database.db, { id: other.id, universityId: null }, slugs.soon!, NOW);
    await unsaveJob(database.db, user.id, slugs.soon!);
    expect(await savedJobsOf(database.db, other.id, "2026-11-23")).toHaveLength(1);
  });

  it("holds at most the limit, and a job already saved still answers saved", async () => {
    const user = await createUser(database.db);
    const saver = { id: user.id, universityId: null };
    expect(await saveJob(database.db, saver, slugs.soon!, NOW, 2)).toBe("saved");
    expect(await saveJob(database.db, saver, slugs.late!, NOW, 2)).toBe("saved");
    expect(await saveJob(database.db, saver, slugs.none!, NOW, 2)).toBe("full");
    expect(await saveJob(database.db, saver, slugs.soon!, NOW, 2)).toBe("saved");
    expect(await savedJobsOf(database.db, user.id, "2026-11-23")).toHaveLength(2);
  });
});

describe("unsubscribe links", () => {
  const links = new NewsletterLinks("a-test-secret-that-is-long-enough-0123456789");
  it("signs an address, in any case, and refuses an altered, missing or other secret's signature", () => {
    const sig = links.sign("Aisha@Example.test");
    expect(links.verify("aisha@example.test", sig)).toBe(true);
    expect(links.verify("aisha@example.test", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(links.verify("other@example.test", sig)).toBe(false);
    expect(links.verify("aisha@example.test", null)).toBe(false);
    expect(links.verify("aisha@example.test", "")).toBe(false);
    expect(new NewsletterLinks("another-secret-that-is-long-enough-987654321").verify("aisha@example.test", sig)).toBe(
      false,
    );
    expect(links.url("https://careers.example", "a+b@example.test")).toBe(
      `https://careers.example/unsubscribe-job-newsletter/a%2Bb%40example.test?sig=${links.sign("a+b@example.test")}`,
    );
  });
});
