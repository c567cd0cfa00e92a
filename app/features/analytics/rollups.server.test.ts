import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { type EventKind, events, jobPostings, studentProfiles } from "~/db/schema";
import type { SalaryBand, SponsorshipStatus } from "~/db/schema/job-posting-values";
import { createUniversity, createUser } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { seeded } from "./activity.server";
import { MIN_GROUP } from "./privacy";
import { type DayRange, addDays, periodOf, periodsOf } from "./range";
import { activeByHomeCountry, activeStudents, cellsOf, sumOf } from "./rollups.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const LONDON = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const londonDay = (at: Date) => LONDON.format(at);
const FEATURE: Partial<Record<EventKind, string>> = {
  "job.viewed": "jobs",
  "job.saved": "jobs",
  "job.applied": "jobs",
  "cv.created": "cv",
  "cv.exported": "cv",
  "video.completed": "hub",
  "points.calculated": "calculator",
  "sponsor.checked": "sponsors",
};
const KINDS: EventKind[] = [
  "job.viewed",
  "job.viewed",
  "job.saved",
  "job.applied",
  "cv.created",
  "cv.exported",
  "video.completed",
  "points.calculated",
  "sponsor.checked",
  "profile.completed",
  "job_alert.sent",
];

type Job = { id: number; sponsorship: SponsorshipStatus; soc: string; band: SalaryBand };
type Person = { id: number; universityId: number; counted: boolean; home: number | null; registered: string };
type Raw = {
  kind: EventKind;
  at: Date;
  userId: number;
  universityId: number;
  jobPostingId: number | null;
  seconds: number;
};

async function world(seed: number) {
  const db = database.db;
  const r = seeded(seed);
  const unis = [await createUniversity(db), await createUniversity(db)];
  const countries = (await rowsOf<{ id: number }>(db, sql`select id from countries order by id limit 3`)).map((c) =>
    Number(c.id),
  );
  const people: Person[] = [];
  for (let i = 0; i < 14; i++) {
    const university = unis[i % 2]!;
    const role = i === 13 ? "university_admin" : i === 12 ? "predeparture_student" : "student";
    const created = new Date(Date.UTC(2025, 10 + r.int(3), 1 + r.int(28), r.int(24)));
    const user = await createUser(db, { role, universityId: university.id, createdAt: created });
    const home = r.next() < 0.8 ? r.pick(countries) : null;
    if (home !== null) await db.insert(studentProfiles).values({ userId: user.id, homeCountryId: home });
    people.push({
      id: user.id,
      universityId: university.id,
      counted: role !== "university_admin",
      home,
      registered: londonDay(created),
    });
  }
  const jobs: Job[] = [];
  for (let i = 0; i < 6; i++) {
    const job = {
      sponsorship: r.pick(["likely", "new-entrant", "licensed-only", "unlikely", "unknown"] as const),
      soc: r.pick(["2", "3", "9", ""]),
      band: r.pick(["below-new-entrant", "new-entrant", "general", "none"] as const),
    };
    const [row] = await db
      .insert(jobPostings)
      .values({
        slug: `rollup-${seed}-${i}`,
        source: "test",
        externalId: `${seed}-${i}`,
        title: "A job",
        employerName: "Employer",
        type: "full-time",
        descriptionMarkdown: "x",
        descriptionHtml: "<p>x</p>",
        postedAt: new Date("2025-10-01T00:00:00Z"),
        sponsorshipStatus: job.sponsorship,
        socCode: job.soc ? `${job.soc}134` : null,
        salaryBand: job.band,
      })
      .returning({ id: jobPostings.id });
    jobs.push({ id: row!.id, ...job, soc: job.soc || "unknown" });
  }
  // Around the end of a year and a change of clocks (late October), a few hundred events.
  const raws: Raw[] = [];
  for (let i = 0; i < 400; i++) {
    const person = r.pick(people);
    const kind = r.pick(KINDS);
    const at = new Date(Date.UTC(2025, 9, 20) + r.int(110 * 24 * 60) * 60_000);
    const jobPostingId = kind.startsWith("job.") ? r.pick(jobs).id : null;
    raws.push({
      kind,
      at,
      userId: person.id,
      universityId: person.universityId,
      jobPostingId,
      seconds: kind === "video.completed" ? 30 + r.int(60) : 0,
    });
  }
  // One row at a time and in batches of many rows: the trigger runs for each statement.
  for (let i = 0; i < raws.length; ) {
    const size = r.next() < 0.5 ? 1 : 1 + r.int(40);
    const batch = raws.slice(i, i + size);
    await db.insert(events).values(
      batch.map((e) => ({
        kind: e.kind,
        occurredAt: e.at,
        userId: e.userId,
        universityId: e.universityId,
        jobPostingId: e.jobPostingId,
        data: e.seconds ? { seconds: e.seconds } : {},
      })),
    );
    i += size;
  }
  return { unis, people, jobs, raws, r };
}

/** What the rollups must say, worked out from the raw events without SQL. */
function expected(w: Awaited<ReturnType<typeof world>>, universityId: number, range: DayRange) {
  const person = new Map(w.people.map((p) => [p.id, p]));
  const job = new Map(w.jobs.map((j) => [j.id, j]));
  const counted = w.raws.filter(
    (e) => e.universityId === universityId && person.get(e.userId)!.counted && e.kind !== "job_alert.sent",
  );
  const inRange = counted.filter((e) => londonDay(e.at) >= range.from && londonDay(e.at) <= range.to);
  return { person, job, counted, inRange };
}

describe("the analytics rollups", () => {
  it("equal direct counts over the raw events, for random streams and random ranges", async () => {
    for (const seed of [1, 2, 3, 4]) {
      const w = await world(seed);
      for (let trial = 0; trial < 8; trial++) {
        // Some ranges start on a month's first day, some end on its last or on the next one's first, so that whole months
        // are read from the monthly rows and the ends from the daily ones.
        const start = addDays("2025-10-10", w.r.int(100));
        const from = trial % 2 ? periodOf(start, "month") : start;
        const end = addDays(from, w.r.int(130));
        const to =
          trial % 4 === 1
            ? addDays(periodOf(addDays(end, 31), "month"), -1)
            : trial % 4 === 3
              ? periodOf(addDays(end, 31), "month")
              : end;
        const range = { from, to };
        for (const university of w.unis) {
          const { person, job, counted, inRange } = expected(w, university.id, range);
          const cells = await cellsOf(
            database.db,
            university.id,
            range,
            ["job.viewed", "job.saved", "job.applied", "video.completed", "cv.exported"],
            ["all", "sponsorship", "soc", "salary", "home", "home-eligible"],
          );
          const check = (metric: EventKind, dimension: string, value: string, match: (e: Raw) => boolean) => {
            const raw = inRange.filter((e) => e.kind === metric && match(e));
            const tally = sumOf(cells, (c) => c.metric === metric && c.dimension === dimension && c.value === value);
            expect(tally.value, `${metric} ${dimension}=${value}`).toBe(raw.length);
            expect(tally.amount).toBe(raw.reduce((s, e) => s + e.seconds, 0));
            const students = new Set(raw.map((e) => e.userId));
            expect(tally.students, `students of ${metric} ${dimension}=${value}`).toBe(
              Math.min(students.size, MIN_GROUP),
            );
            if (!tally.many) expect([...tally.ids].sort()).toEqual([...students].sort());
          };
          for (const metric of ["job.viewed", "job.applied", "video.completed", "cv.exported"] as const)
            check(metric, "all", "", () => true);
          const byMonth = await cellsOf(database.db, university.id, range, ["job.viewed"], ["all"], "month");
          for (const month of periodsOf(range, "month")) {
            const raw = inRange.filter((e) => e.kind === "job.viewed" && periodOf(londonDay(e.at), "month") === month);
            const tally = sumOf(byMonth, (c) => c.period === month);
            expect(tally.value, `job.viewed in ${month}`).toBe(raw.length);
            expect(tally.students).toBe(Math.min(new Set(raw.map((e) => e.userId)).size, MIN_GROUP));
          }
          for (const j of w.jobs) {
            check(
              "job.viewed",
              "sponsorship",
              j.sponsorship,
              (e) => job.get(e.jobPostingId!)!.sponsorship === j.sponsorship,
            );
            check("job.saved", "soc", j.soc, (e) => job.get(e.jobPostingId!)!.soc === j.soc);
            check("job.applied", "salary", j.band, (e) => job.get(e.jobPostingId!)!.band === j.band);
          }
          for (const home of new Set(w.people.map((p) => p.home))) {
            const value = home === null ? "unknown" : String(home);
            check("job.viewed", "home", value, (e) => person.get(e.userId)!.home === home);
            check(
              "job.applied",
              "home-eligible",
              value,
              (e) =>
                person.get(e.userId)!.home === home &&
                ["likely", "new-entrant"].includes(job.get(e.jobPostingId!)!.sponsorship),
            );
          }

          const previous = { from: addDays(range.from, -30), to: addDays(range.from, -1) };
          const [now, before] = await activeStudents(
            database.db,
            university.id,
            [range, previous],
            ["any", "jobs", "hub", "calculator"],
          );
          const distinct = (list: Raw[], feature?: string) =>
            new Set(list.filter((e) => !feature || FEATURE[e.kind] === feature).map((e) => e.userId)).size;
          expect(now).toEqual({
            any: distinct(inRange),
            jobs: distinct(inRange, "jobs"),
            hub: distinct(inRange, "hub"),
            calculator: distinct(inRange, "calculator"),
          });
          const earlier = counted.filter((e) => londonDay(e.at) >= previous.from && londonDay(e.at) <= previous.to);
          expect(before!.any).toBe(distinct(earlier));
          const byHome = await activeByHomeCountry(database.db, university.id, range);
          for (const home of new Set(inRange.map((e) => person.get(e.userId)!.home))) {
            expect(byHome.get(home)).toBe(
              new Set(inRange.filter((e) => person.get(e.userId)!.home === home).map((e) => e.userId)).size,
            );
          }

          // Students active each week (by Monday), and the first time each did a step, by the day they registered.
          const weeks = await cellsOf(
            database.db,
            university.id,
            { from: "2025-01-01", to: "2026-12-31" },
            ["active:week", "first:job.applied"],
            ["all"],
            "day",
          );
          const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
          const weekly = new Map<string, Set<number>>();
          for (const e of counted)
            weekly.set(mondayOf(londonDay(e.at)), (weekly.get(mondayOf(londonDay(e.at))) ?? new Set()).add(e.userId));
          for (const [monday, students] of weekly)
            expect(sumOf(weeks, (c) => c.metric === "active:week" && c.period === monday).value).toBe(students.size);
          expect(sumOf(weeks, (c) => c.metric === "active:week").value).toBe(
            [...weekly.values()].reduce((s, x) => s + x.size, 0),
          );
          const appliers = new Set(counted.filter((e) => e.kind === "job.applied").map((e) => e.userId));
          for (const day of new Set([...appliers].map((id) => person.get(id)!.registered))) {
            const registeredThen = [...appliers].filter((id) => person.get(id)!.registered === day).length;
            expect(sumOf(weeks, (c) => c.metric === "first:job.applied" && c.period === day).value).toBe(
              registeredThen,
            );
          }
        }
      }
    }
  });

  it("keep months that are their days added up", async () => {
    // Sums equal; and the month's students are the union of its days', or five when that has five or more.
    const summed = await rowsOf<{ n: number }>(
      database.db,
      sql`with days as (
            select university_id, dimension, metric, date_trunc('month', day)::date as month, value, sum(events)::int as events, sum(amount) as amount
            from analytics_daily group by 1, 2, 3, 4, 5
          ), few as (
            select university_id, dimension, metric, date_trunc('month', day)::date as month, value, array_agg(distinct s order by s) as students
            from analytics_daily, unnest(students) s group by 1, 2, 3, 4, 5
          )
          select count(*)::int as n from analytics_monthly m
          full join days x using (university_id, dimension, metric, month, value)
          left join few f using (university_id, dimension, metric, month, value)
          where m.events is distinct from x.events or m.amount is distinct from x.amount
            or least(coalesce(cardinality(f.students), 0), 5) <> cardinality(m.students)
            or (cardinality(m.students) < 5 and m.students <> f.students)`,
    );
    expect(await rowsOf(database.db, sql`select count(*)::int as n from analytics_monthly`)).not.toEqual([{ n: 0 }]);
    expect(summed).toEqual([{ n: 0 }]);
  });

  it("come out the same when rebuilt from the events table", async () => {
    const snapshot = async () =>
      rowsOf(
        database.db,
        sql`select university_id, dimension, metric, day::text, value, events, amount, least(cardinality(students), 5) as students from analytics_daily order by 1, 2, 3, 4, 5`,
      );
    const months = async () =>
      rowsOf(
        database.db,
        sql`select university_id, dimension, metric, month::text, value, events, amount, least(cardinality(students), 5) as students from analytics_monthly order by 1, 2, 3, 4, 5`,
      );
    const activity = async () =>
      rowsOf(database.db, sql`select * from analytics_activity order by university_id, year, user_id`);
    const [daily, monthly, bits] = [await snapshot(), await months(), await activity()];
    expect(daily.length).toBeGreaterThan(100);
    await database.db.execute(sql`select analytics_rebuild()`);
    expect(await snapshot()).toEqual(daily);
    expect(await months()).toEqual(monthly);
    expect(await activity()).toEqual(bits);
  });
});
