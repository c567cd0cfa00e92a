import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox, events, jobAlerts, users } from "~/db/schema";
import { Outbox } from "~/features/email/outbox.server";
import { type RuleSet, ruleSetFor } from "~/features/sponsorship/rules";
import { manualClock } from "../../../tests/support/clock";
import { createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { readAlertForm, describeSearch } from "./alerts";
import { alertsOf, createAlert, deleteAlert, pauseAlertsOf, runDueAlerts, setAlertFrequency } from "./alerts.server";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";
import { NewsletterLinks } from "./unsubscribe.server";

const DAY = 86_400_000;
const START = new Date("2026-11-23T08:00:00Z");
const ORIGIN = "https://careers.example";
const links = new NewsletterLinks("a-test-secret-that-is-long-enough-0123456789");

let database: Database;
let rules: RuleSet;
beforeAll(async () => {
  database = await createTestDatabase();
  rules = (await ruleSetFor("2026-11-23"))!;
});
afterAll(() => database?.close());

/** Jobs from their own source, added to the platform at `at` (the alerts' notion of new). */
async function addJobs(
  source: string,
  at: Date,
  jobs: { id: string; title: string; town: string; type?: string; hours?: number }[],
) {
  const lines = jobs.map((j) =>
    JSON.stringify({
      id: j.id,
      title: j.title,
      employer: "Acme Ltd",
      town: j.town,
      region: j.town,
      type: j.type ?? "full-time",
      hours_per_week: j.hours,
      description: "A job.",
      apply_email: "jobs@acme.example",
      posted_at: at.toISOString(),
      salary: "£30,000 per annum",
    }),
  );
  const feed = await readFeed(
    (async function* () {
      yield lines.join("\n");
    })(),
    "jsonl",
  );
  const done = await importJobs(database.db, feed, { source, now: at, today: "2026-11-23", rules });
  expect(done.ok).toBe(true);
}

function setUp() {
  const clock = manualClock(START);
  const outbox = new Outbox(clock, "platform.test");
  const run = () =>
    runDueAlerts({ db: database.db, outbox, links, origin: ORIGIN, occupations: rules.occupations }, clock());
  const sentTo = (email: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  return { clock, run, sentTo };
}

const verified = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(database.db, { emailVerifiedAt: START, ...overrides });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("job alerts", () => {
  it("emails only the matching jobs added since the last run, each once, with a one-click unsubscribe", async () => {
    const { clock, run, sentTo } = setUp();
    const user = await verified();
    await addJobs("before", new Date(START.getTime() - DAY), [{ id: "old", title: "Pharmacist old", town: "Leeds" }]);
    expect(
      await createAlert(
        database.db,
        user.id,
        { list: "/jobs", params: { q: "pharmacist", location: "Leeds" } },
        "daily",
        clock(),
      ),
    ).toBe("created");

    clock.advance(DAY / 2);
    await addJobs("first", clock(), [
      { id: "a", title: "Pharmacist", town: "Leeds" },
      { id: "b", title: "Pharmacist", town: "York" },
      { id: "c", title: "Baker", town: "Leeds" },
    ]);
    expect(await run()).toEqual({ checked: 0, sent: 0 });

    clock.advance(DAY / 2);
    expect(await run()).toEqual({ checked: 1, sent: 1 });
    const [email] = await sentTo(user.email);
    expect(email!.subject).toBe("1 new job for your saved search");
    expect(email!.textBody).toContain(`Pharmacist\nAcme Ltd · Leeds`);
    expect(email!.textBody).not.toContain("York");
    expect(email!.textBody).not.toContain("Pharmacist old");
    const unsubscribe = links.url(ORIGIN, user.email);
    expect(email!.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(email!.textBody).toContain(unsubscribe);
    const [event] = await database.db.select().from(events).where(eq(events.userId, user.id));
    expect(event).toMatchObject({ kind: "job_alert.sent", data: { jobs: 1 } });

    // A day on: nothing new, no email; then a new job, and only it.
    clock.advance(DAY);
    expect(await run()).toEqual({ checked: 1, sent: 0 });
    clock.advance(60_000);
    await addJobs("second", clock(), [
      { id: "d", title: "Pharmacist", town: "Leeds" },
      { id: "e", title: "Senior pharmacist", town: "Leeds" },
    ]);
    clock.advance(DAY - 60_000);
    expect(await run()).toEqual({ checked: 1, sent: 1 });
    const second = (await sentTo(user.email))[1]!;
    expect(second.subject).toBe("2 new jobs for your saved search");
    expect(second.textBody.match(/Acme Ltd · Leeds/g)).toHaveLength(2);
  });

  it("waits a week for a weekly alert, and keeps to the part-time list's jobs", async () => {
    const { clock, run, sentTo } = setUp();
    const user = await verified();
    await createAlert(database.db, user.id, { list: "/part-time-jobs", params: { q: "cashier" } }, "weekly", clock());
    clock.advance(DAY);
    await addJobs("weekly", clock(), [
      { id: "p", title: "Cashier", town: "Bath", type: "part-time", hours: 15 },
      { id: "f", title: "Cashier", town: "Bath" },
    ]);
    clock.advance(DAY);
    await run();
    expect(await sentTo(user.email)).toHaveLength(0);
    clock.advance(5 * DAY);
    await run();
    const [email] = await sentTo(user.email);
    expect(email!.subject).toBe("1 new job for your saved search");
  });

  it("sends nothing to a paused alert or to an account that cannot log in, and starts again when asked", async () => {
    const { clock, run, sentTo } = setUp();
    const paused = await verified();
    const unconfirmed = await createUser(database.db);
    const waiting = await verified({ accessStatus: "awaiting_approval" });
    for (const user of [paused, unconfirmed, waiting])
      await createAlert(database.db, user.id, { list: "/jobs", params: { q: "optometrist" } }, "daily", clock());
    await pauseAlertsOf(database.db, paused.email.toUpperCase(), clock());
    clock.advance(DAY / 2);
    await addJobs("paused", clock(), [{ id: "o", title: "Optometrist", town: "Hull" }]);
    clock.advance(DAY);
    await run();
    for (const user of [paused, unconfirmed, waiting]) expect(await sentTo(user.email)).toHaveLength(0);

    const [alert] = await alertsOf(database.db, paused.id);
    expect(alert!.pausedAt).not.toBeNull();
    expect(await setAlertFrequency(database.db, paused.id, alert!.id, "daily")).toBe(true);
    await run();
    expect(await sentTo(paused.email)).toHaveLength(1);
  });

  it("keeps each person's alerts their own, at most ten, and the same search once", async () => {
    const { clock } = setUp();
    const owner = await verified();
    const other = await verified();
    const search = { list: "/jobs" as const, params: { q: "welder" } };
    expect(await createAlert(database.db, owner.id, search, "daily", clock())).toBe("created");
    expect(
      await createAlert(database.db, owner.id, { list: "/jobs", params: { q: "WELDER" } }, "weekly", clock()),
    ).toBe("updated");
    const [alert] = await alertsOf(database.db, owner.id);
    expect(alert!.frequency).toBe("weekly");
    expect(await setAlertFrequency(database.db, other.id, alert!.id, "daily")).toBe(false);
    expect(await deleteAlert(database.db, other.id, alert!.id)).toBe(false);
    for (let i = 1; i < 10; i++)
      expect(
        await createAlert(database.db, owner.id, { list: "/jobs", params: { q: `welder ${i}` } }, "daily", clock()),
      ).toBe("created");
    expect(
      await createAlert(database.db, owner.id, { list: "/jobs", params: { q: "one too many" } }, "daily", clock()),
    ).toBe("full");
    expect(await deleteAlert(database.db, owner.id, alert!.id)).toBe(true);
    expect(await database.db.select().from(jobAlerts).where(eq(jobAlerts.userId, owner.id))).toHaveLength(9);
  });
});

describe("the alert form", () => {
  it("keeps the list's filters, checked as the list checks them", () => {
    const read = readAlertForm(
      form({
        list: "/jobs",
        frequency: "daily",
        q: " data analyst ",
        location: "London",
        sponsorship: "likely",
        page: "3",
        sort: "salary",
      }),
    );
    expect(read).toEqual({
      ok: true,
      frequency: "daily",
      search: { list: "/jobs", params: { q: "data analyst", location: "London", sponsorship: "likely" } },
    });
    expect(readAlertForm(form({ list: "/jobs", frequency: "hourly" }))).toEqual({
      ok: false,
      error: "Choose daily or weekly emails.",
    });
    expect(readAlertForm(form({ list: "https://evil.example", frequency: "daily" }))).toMatchObject({ ok: false });
    const bad = readAlertForm(form({ list: "/jobs", frequency: "daily", salary_min: "lots" }));
    expect(bad.ok === false && bad.error).toMatch(/salary_min must be a whole number/);
  });

  it("describes a search in words", () => {
    expect(
      describeSearch({
        list: "/jobs",
        params: { q: "nurse", location: "Leeds", type: "graduate-scheme", sponsorship: "likely", salary_min: "30000" },
      }),
    ).toBe("Jobs: “nurse”, in Leeds, graduate scheme, likely eligible for sponsorship, from £30,000 a year");
    expect(describeSearch({ list: "/part-time-jobs", params: {} })).toBe("All part-time jobs");
  });
});
