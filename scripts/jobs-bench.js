// `npm run bench:jobs`: search latency of GET /api/jobs over 100,000 demo jobs (words, words with
// filters, filters only, misspelt employers), against a bare indexed full-text query on the same
// table in the same run as the baseline; then the time `npm run jobs:recompute` takes to judge every
// job's sponsorship again after a rule change.
// A measurement, not a test: it exits 0 when a target is missed, 1 when something broke.
// `--jobs N` and `--searches N` make a smaller run while working on it.
import { spawnSync } from "node:child_process";
import http from "node:http";
import { ensureBuild, rootDir } from "./ensure-build.js";
import { closeConnections, fail, get, runBench, seeded, throwawayDataDir } from "./bench-support.js";

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? fallback : Number(process.argv[at + 1]);
  if (Number.isInteger(value) && value >= 4) return value;
  console.error(`--${name} must be a whole number of at least 4`);
  process.exit(2);
};
const JOBS = option("jobs", 100_000);
const SEARCHES = option("searches", 1_000);
const TARGET_P95_MS = 50;
const TARGET_RECOMPUTE_S = 60;

// Seeded, so every run measures the same searches.
const { random, pick } = seeded(20261123);
const STOP = new Set(["and", "the", "for", "of", "in", "to", "with", "other", "n.e.c.", "nec"]);

/** One letter dropped, two neighbours swapped or one letter wrong, in a word of 5 letters or more. */
function misspell(word) {
  const i = 1 + Math.floor(random() * (word.length - 2));
  const edit = Math.floor(random() * 3);
  if (edit === 0) return word.slice(0, i) + word.slice(i + 1);
  if (edit === 1) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  const letters = "abcdefghijklmnopqrstuvwxyz".replace(word[i].toLowerCase(), "");
  return word.slice(0, i) + pick([...letters]) + word.slice(i + 1);
}

/** The searches, a quarter of each kind, from the jobs' own titles, employers, towns and values; in a seeded random order. */
function makeSearches(sample) {
  const words = () => {
    const title = pick(sample)
      .title.toLowerCase()
      .replace(/[(),/]/g, " ")
      .split(/\s+/)
      .filter((w) => w.length > 2 && !STOP.has(w));
    const at = Math.floor(random() * title.length);
    return title.slice(at, at + 1 + Math.floor(random() * 2)).join(" ") || "manager";
  };
  const filter = () => {
    const job = pick(sample);
    return pick([
      () => ({ location: job.town }),
      () => ({ type: job.type }),
      () => ({ sponsorship: job.sponsorship_status }),
      () => ({ remote: job.work_arrangement }),
      () => ({ salary_min: String(pick([25_000, 30_000, 40_000, 50_000])) }),
      () => ({ posted_within: String(pick([1, 3, 7, 14, 30])) }),
    ])();
  };
  const filters = (n) =>
    Object.assign({}, ...Array.from({ length: n }, filter), random() < 0.3 ? { sort: pick(["date", "salary"]) } : {});
  const employers = [...new Set(sample.map((j) => j.employer_name))].filter((n) =>
    n.split(" ").some((w) => /^[A-Za-z]{5,}$/.test(w)),
  );
  const quarter = Math.floor(SEARCHES / 4);
  const searches = [];
  for (let i = 0; i < quarter; i++) searches.push({ kind: "words", params: { q: words() } });
  for (let i = 0; i < quarter; i++)
    searches.push({ kind: "words + filters", params: { q: words(), ...filters(1 + Math.floor(random() * 2)) } });
  for (let i = 0; i < quarter; i++)
    searches.push({ kind: "filters only", params: filters(1 + Math.floor(random() * 3)) });
  for (let i = 0; i < SEARCHES - 3 * quarter; i++) {
    const employer = pick(employers);
    const parts = employer.split(" ");
    const long = parts.map((w, at) => [w, at]).filter(([w]) => /^[A-Za-z]{5,}$/.test(w));
    const [word, at] = pick(long);
    parts[at] = misspell(word);
    searches.push({ kind: "misspelt employer", params: { q: parts.join(" ") }, employer });
  }
  for (let i = searches.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [searches[i], searches[j]] = [searches[j], searches[i]];
  }
  return searches;
}

function percentiles(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

/** Runs a database command as `npm run …` does, on the bench's data folder; its output, and the wall time. */
function command(dataDir, args) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ["scripts/db.js", ...args], {
    cwd: rootDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) {
    const stale = /Unknown option --jobs|Usage:/.test(run.stderr)
      ? " (is the build older than the code? run npm run build)"
      : "";
    fail(`npm run ${args.join(" ")} exited with ${run.status}${stale}:\n${run.stdout}${run.stderr}`);
  }
  return { out: run.stdout.trim(), seconds };
}

await runBench("bench:jobs", async () => {
  ensureBuild();
  const dataDir = throwawayDataDir("jobs-bench");

  console.log(`Seeding ${JOBS.toLocaleString("en-GB")} demo jobs (the demo register and the demo generator)...`);
  const seeded = command(dataDir, ["seed", "--demo", "--jobs", String(JOBS)]);
  console.log(`${seeded.out}\nSeeded in ${seeded.seconds.toFixed(1)} s.`);

  // The production app in this process: the API over HTTP, the baseline straight on its database.
  process.env.NODE_ENV = "production";
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = "";
  process.env.PORT = "65535"; // required by the configuration; this process listens on a free port instead
  const { createApp } = await import("../build/server/index.js");
  const { sql } = await import("drizzle-orm");
  let app = await createApp({ rootDir });
  const server = http.createServer(app.handler);
  try {
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address();
    const db = app.services.database.db;
    const rows = async (query) => (await db.execute(query)).rows;
    const [{ open, all }] = await rows(
      sql`select count(*) filter (where status = 'open')::int as open, count(*)::int as all from job_postings`,
    );
    if (all !== JOBS) fail(`the database holds ${all} jobs, not ${JOBS}: was it seeded before?`);
    console.log(`${all.toLocaleString("en-GB")} jobs, ${open.toLocaleString("en-GB")} of them open.`);
    const sample = await rows(
      sql`select title, employer_name, town, type, sponsorship_status, work_arrangement from job_postings where status = 'open' and town is not null order by md5(id::text) limit 5000`,
    );
    const searches = makeSearches(sample);
    const address = (params) => `/api/jobs?${new URLSearchParams(params)}`;

    for (const s of searches.slice(0, 50)) await get(port, address(s.params)); // warm-up
    const timings = new Map();
    let found = 0;
    let misspelt = 0;
    let empty = 0;
    for (const s of searches) {
      const t = performance.now();
      const answer = JSON.parse(await get(port, address(s.params)));
      const ms = performance.now() - t;
      for (const kind of ["all kinds", s.kind]) timings.set(kind, [...(timings.get(kind) ?? []), ms]);
      if (answer.total === 0) empty += 1;
      if (s.employer) {
        misspelt += 1;
        if (answer.results.some((r) => r.employer.name === s.employer)) found += 1;
      }
    }

    // The baseline: the bare indexed full-text query of every search that has words, as many as the searches.
    const texts = searches.filter((s) => s.params.q && s.kind !== "misspelt employer").map((s) => s.params.q);
    const baselineTexts = Array.from({ length: SEARCHES }, (_, i) => texts[i % texts.length]);
    const bare = (q) =>
      db.execute(
        sql`select id from job_postings where search @@ websearch_to_tsquery('english', ${q}) and status = 'open' order by posted_at desc limit 20`,
      );
    for (const q of baselineTexts.slice(0, 50)) await bare(q);
    const baselineMs = [];
    for (const q of baselineTexts) {
      const t = performance.now();
      await bare(q);
      baselineMs.push(performance.now() - t);
    }
    const baseline = percentiles(baselineMs);

    console.log(
      `\n| search (GET /api/jobs, with facets) | n | p50 | p95 | p95 / baseline p95 | target p95 < ${TARGET_P95_MS} ms |\n| --- | --- | --- | --- | --- | --- |`,
    );
    for (const kind of ["all kinds", "words", "words + filters", "filters only", "misspelt employer"]) {
      const r = percentiles(timings.get(kind) ?? [0]);
      console.log(
        `| ${kind} | ${r.n} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${(r.p95 / baseline.p95).toFixed(1)}× | ${r.p95 < TARGET_P95_MS ? "met" : "MISSED"} |`,
      );
    }
    console.log(
      `| baseline: bare indexed full-text query, in-process | ${baseline.n} | ${baseline.p50.toFixed(1)} ms | ${baseline.p95.toFixed(1)} ms | 1× | |`,
    );
    console.log(
      `\nMisspelt employers found on the first page: ${found} of ${misspelt}. Searches with no result: ${empty} of ${searches.length}.`,
    );

    // A new rule set: every job's stored verdict is stale, and every job open, so that all of them are judged and written.
    await db.execute(
      sql`update job_postings set status = 'open', closed_at = null, sponsorship_rules = 'an older rule set'`,
    );
    // The old versions this leaves are not what a rule change finds: the recompute starts from a clean table.
    await db.execute(sql`vacuum job_postings`);
    server.close();
    await app.close();
    app = null;
    const recompute = command(dataDir, ["jobs-recompute"]);
    const again = command(dataDir, ["jobs-recompute"]);
    const own = (out) => Number(/ in ([\d.]+) s\.$/m.exec(out)?.[1]);
    console.log(`\n${recompute.out}\n${again.out}`);
    console.log(
      `\n| jobs:recompute over ${JOBS.toLocaleString("en-GB")} open jobs | judging and writing | with opening the database | target < ${TARGET_RECOMPUTE_S} s |\n| --- | --- | --- | --- |`,
    );
    console.log(
      `| after a rule change (every verdict rewritten) | ${own(recompute.out).toFixed(1)} s | ${recompute.seconds.toFixed(1)} s | ${recompute.seconds < TARGET_RECOMPUTE_S ? "met" : "MISSED"} |`,
    );
    console.log(
      `| nothing changed (none written) | ${own(again.out).toFixed(1)} s | ${again.seconds.toFixed(1)} s | |`,
    );
  } finally {
    server.close();
    closeConnections();
    await app?.close();
  }
});
