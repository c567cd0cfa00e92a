// `npm run bench:analytics`: the university analytics' data queries for one university of 50,000
// students and about 5,000,000 events, each page's query timed over ranges of a month, a quarter and
// a year, against a count(*) of that university's rows of the events table in the same run as the
// baseline (what reading the events themselves would start from); and the graduate outcomes page's,
// over the surveys of those students given made-up graduation months of the last three years (about
// 95,000), for each survey and a graduation year. Also how long the rollups take to rebuild from the
// events, and what the trigger adds to an insert of one event.
// A measurement, not a test: it exits 0 when a target is missed, 1 when something broke.
// `--students N` makes a smaller run while working on it.
import { spawnSync } from "node:child_process";
import { closeConnections, fail, runBench, seeded, throwawayDataDir } from "./bench-support.js";
import { ensureBuild, rootDir } from "./ensure-build.js";

const at = process.argv.indexOf("--students");
const STUDENTS = at < 0 ? 50_000 : Number(process.argv[at + 1]);
if (!Number.isInteger(STUDENTS) || STUDENTS < 100) {
  console.error("--students must be a whole number of at least 100");
  process.exit(2);
}
// About 100 events a student on average: 5,000,000 for 50,000.
const EVENTS_PER_STUDENT = 108;
const RUNS = 60;
const TARGET_P95_MS = 200;

function percentiles(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { p50: q(0.5), p95: q(0.95), n: sorted.length };
}

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

await runBench("bench:analytics", async () => {
  ensureBuild();
  const dataDir = throwawayDataDir("analytics-bench");
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" };
  // The demo universities and 2,000 demo jobs for the students to have looked at.
  const seed = spawnSync(process.execPath, ["scripts/db.js", "seed", "--demo", "--jobs", "2000"], {
    cwd: rootDir,
    env,
    encoding: "utf8",
  });
  if (seed.status !== 0) fail(`npm run db:seed -- --demo exited with ${seed.status}:\n${seed.stdout}${seed.stderr}`);

  process.env.NODE_ENV = "production";
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = "";
  process.env.PORT = "65535";
  const { createApp, analyticsBench, outcomesBench } = await import("../build/server/index.js");
  const { sql } = await import("drizzle-orm");
  const app = await createApp({ rootDir });
  try {
    const db = app.services.database.db;
    const one = async (query) => (await db.execute(query)).rows[0];
    const { id: universityId } = await one(
      sql`insert into universities (slug, name, country_id, email_domains) values ('bench-university', 'Bench University', 226, '{bench.test}') returning id`,
    );
    const today = new Date().toISOString().slice(0, 10);

    console.log(
      `Generating ${STUDENTS.toLocaleString("en-GB")} students and their year (the trigger off; the rollups rebuilt after)...`,
    );
    await db.execute(sql`alter table events disable trigger analytics_events_inserted`);
    const generation = performance.now();
    const made = await analyticsBench.generateActivity(db, {
      universityId,
      domain: "bench.test",
      students: STUDENTS,
      eventsPerStudent: EVENTS_PER_STUDENT,
      today,
      seed: 5_000_000,
    });
    console.log(
      `${made.students.toLocaleString("en-GB")} students, ${made.events.toLocaleString("en-GB")} events in ${((performance.now() - generation) / 1000).toFixed(1)} s.`,
    );
    await db.execute(sql`alter table events enable trigger analytics_events_inserted`);
    const surveying = performance.now();
    const surveys = await outcomesBench.generateOutcomes(db, { universityId, countryId: 226, today, seed: 5_000_001 });
    console.log(
      `${surveys.toLocaleString("en-GB")} graduate outcomes surveys in ${((performance.now() - surveying) / 1000).toFixed(1)} s.`,
    );
    const rebuild = await timed(() => db.execute(sql`select analytics_rebuild()`));
    await db.execute(sql`vacuum analyze`);
    const [{ n: rows }] = (
      await db.execute(sql`select count(*)::int as n from analytics_daily where university_id = ${universityId}`)
    ).rows;
    console.log(
      `Rollups rebuilt from every event in ${(rebuild / 1000).toFixed(1)} s: ${rows.toLocaleString("en-GB")} daily rows for the university.`,
    );

    // What the trigger adds to recording one event, as a request does.
    const [{ id: someone }] = (
      await db.execute(sql`select id from users where university_id = ${universityId} limit 1`)
    ).rows;
    const [{ id: job }] = (await db.execute(sql`select id from job_postings where status = 'open' limit 1`)).rows;
    const insert = (kind) =>
      db.execute(
        sql`insert into events (kind, user_id, university_id, job_posting_id, occurred_at, data) values (${kind}, ${someone}, ${universityId}, ${job}, now(), '{}')`,
      );
    const withTrigger = [];
    for (let i = 0; i < 200; i++) withTrigger.push(await timed(() => insert("job.viewed")));
    await db.execute(sql`alter table events disable trigger analytics_events_inserted`);
    const bare = [];
    for (let i = 0; i < 200; i++) bare.push(await timed(() => insert("job.viewed")));
    await db.execute(sql`alter table events enable trigger analytics_events_inserted`);

    // Ranges as an adviser picks them: the last month, quarter and year, and random ones within the year.
    const { random } = seeded(20261125);
    const back = (n) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const ranges = Array.from({ length: RUNS }, (_, i) => {
      if (i % 4 === 0) return { from: back(29), to: today };
      if (i % 4 === 1) return { from: back(89), to: today };
      if (i % 4 === 2) return { from: back(364), to: today };
      const end = Math.floor(random() * 300);
      return { from: back(end + 1 + Math.floor(random() * 60)), to: back(end) };
    });
    const lastYear = Number(today.slice(0, 4)) - 1;
    const OUTCOME_CHOICES = [
      { wave: 15, year: null },
      { wave: 6, year: null },
      { wave: 15, year: lastYear - 1 },
      { wave: 6, year: lastYear },
    ];
    const pages = {
      "/university-dashboard (headline figures)": (range) => {
        const { range: r, previous } = analyticsBench.readRange(
          new URL(`http://x/?from=${range.from}&to=${range.to}`),
          today,
        );
        return analyticsBench.headlineFigures(db, universityId, r, previous);
      },
      ...Object.fromEntries(
        Object.values(analyticsBench.REPORTS).map((report) => [
          report.path,
          (range) => report.make(db, universityId, range, today),
        ]),
      ),
      // Its choice is a survey and a graduation year, not a range: each run takes the next of four.
      "/graduate-outcomes-analytics": (_range, i) =>
        outcomesBench.outcomesReport(
          db,
          { id: universityId, countryId: 226 },
          OUTCOME_CHOICES[i % OUTCOME_CHOICES.length],
        ),
    };
    const baseline = () => db.execute(sql`select count(*) from events where university_id = ${universityId}`);
    for (const make of Object.values(pages)) await make(ranges[0], 0); // warm-up
    await baseline();
    const baselineMs = [];
    for (let i = 0; i < RUNS; i++) baselineMs.push(await timed(baseline));
    const base = percentiles(baselineMs);

    console.log(
      `\n| data query (PGlite, in-process) | n | p50 | p95 | p95 / baseline p95 | target p95 < ${TARGET_P95_MS} ms |\n| --- | --- | --- | --- | --- | --- |`,
    );
    for (const [name, make] of Object.entries(pages)) {
      const ms = [];
      for (const [i, range] of ranges.entries()) ms.push(await timed(() => make(range, i)));
      const r = percentiles(ms);
      console.log(
        `| ${name} | ${r.n} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${(r.p95 / base.p95).toFixed(2)}× | ${r.p95 < TARGET_P95_MS ? "met" : "MISSED"} |`,
      );
    }
    console.log(
      `| baseline: count(*) of the university's events | ${base.n} | ${base.p50.toFixed(1)} ms | ${base.p95.toFixed(1)} ms | 1× | |`,
    );
    const t = percentiles(withTrigger);
    const b = percentiles(bare);
    console.log(
      `\nRecording one event: p50 ${t.p50.toFixed(2)} ms with the rollup trigger, ${b.p50.toFixed(2)} ms without (p95 ${t.p95.toFixed(2)} / ${b.p95.toFixed(2)} ms).`,
    );
  } finally {
    closeConnections();
    await app.close();
  }
});
