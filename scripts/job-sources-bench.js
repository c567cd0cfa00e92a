// `npm run bench:job-sources`: a Greenhouse source of 100,000 generated jobs, served by a node:http
// server on 127.0.0.1 (ETag, Last-Modified, gzip, 304 on If-None-Match / If-Modified-Since), added to a
// fresh embedded database (PGlite, in a throwaway folder) and run in-process as the server runs it:
// the first run (every job new), the same source unchanged (304: nothing may be written), and the same
// body again from a server that ignores the validators (200: what an unchanged body writes). The
// baseline, measured in the same run, is importing the same records with importJobs straight from
// memory (no HTTP, no adapter). The first run's steps are also timed one by one on the same answer.
// A measurement, not a test: it exits 0 when the target is missed, 1 when something broke.
// `--jobs N` makes a smaller run while working on it.
import { createHash } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { fail, runBench, seeded, throwawayDataDir } from "./bench-support.js";
import { ensureBuild, rootDir } from "./ensure-build.js";

const at = process.argv.indexOf("--jobs");
const JOBS = at < 0 ? 100_000 : Number(process.argv[at + 1]);
if (!Number.isInteger(JOBS) || JOBS < 100) {
  console.error("--jobs must be a whole number of at least 100");
  process.exit(2);
}
const TARGET_S = 60;
// A source's answer may hold JOB_SOURCE_MAX_MB (50 MB by default); a board this large is more (printed below).
const MAX_BYTES = 1024 * 1024 * 1024;

const { random, pick } = seeded(20261128);
const int = (n) => Math.floor(random() * n);

const LEVELS = ["", "", "", "Junior ", "Senior ", "Lead ", "Graduate ", "Principal ", "Trainee ", "Head of "];
const ROLES = [
  "Software Engineer",
  "Data Analyst",
  "Data Scientist",
  "Product Manager",
  "UX Designer",
  "Marketing Executive",
  "Accountant",
  "Management Accountant",
  "Civil Engineer",
  "Mechanical Engineer",
  "Electrical Engineer",
  "Staff Nurse",
  "Pharmacist",
  "Solicitor",
  "Paralegal",
  "Recruitment Consultant",
  "Sales Executive",
  "Account Manager",
  "Customer Success Manager",
  "HR Advisor",
  "Teacher of Mathematics",
  "Research Associate",
  "Laboratory Technician",
  "Quantity Surveyor",
  "Architect",
  "DevOps Engineer",
  "Cyber Security Analyst",
  "Business Analyst",
  "Project Manager",
  "Financial Analyst",
  "Actuarial Analyst",
  "Supply Chain Planner",
  "Chef de Partie",
  "Social Worker",
  "Physiotherapist",
  "Content Designer",
  "Machine Learning Engineer",
  "Audit Associate",
  "Tax Adviser",
  "Operations Coordinator",
];
const TEAMS = [
  "",
  "",
  "",
  " (Payments)",
  " (Platform)",
  " – Fixed Term",
  " (Part Time)",
  " – Internship",
  " (Contract)",
];
const TOWNS = [
  "London",
  "Manchester",
  "Birmingham",
  "Leeds",
  "Glasgow",
  "Edinburgh",
  "Bristol",
  "Cardiff",
  "Belfast",
  "Newcastle upon Tyne",
  "Sheffield",
  "Nottingham",
  "Cambridge",
  "Oxford",
  "Southampton",
  "Aberdeen",
  "Liverpool",
  "Reading",
  "Milton Keynes",
  "Brighton",
];
const ABROAD = [
  "Berlin, Germany",
  "Dublin, Ireland",
  "Austin, TX",
  "Paris, France",
  "São Paulo, Brazil",
  "Kraków, Poland",
];
const PREFIXES = ["Acme", "Northwind", "Blue Harbour", "Quantum", "Greenfield", "Ironbridge", "Silverline", "Oakridge"];
const NOUNS = ["Analytics", "Health", "Engineering", "Logistics", "Foods", "Energy", "Systems", "Partners", "Labs"];
const SUFFIXES = ["Ltd", "Limited", "plc", "LLP", "Group", "UK Ltd"];
const COMPANIES = Array.from(
  { length: 1_500 },
  (_, i) => `${PREFIXES[i % 8]} ${NOUNS[Math.floor(i / 8) % 9]} ${SUFFIXES[Math.floor(i / 72) % 6]} ${i}`,
);
const SENTENCES = [
  "You will join a friendly team that ships work people rely on every day.",
  "We offer <strong>hybrid working</strong>, 25 days' holiday & a pension.",
  "Visa sponsorship is available for the right candidate.",
  "You will work closely with colleagues across the business & our clients.",
  "Training is given from day one, with a mentor for your first year.",
  "Experience with <em>SQL</em>, spreadsheets or similar tools helps.",
  "We welcome applications from graduates of any discipline.",
  "The role involves some travel to our other offices – about once a month.",
  "Café-style offices, a cycle-to-work scheme and private medical cover.",
  "Candidates must be able to start within three months.",
];
const SALARIES = ["£28,000 - £34,000 per annum", "£42,500 per year", "£14.50 per hour", "Competitive", "£350 per day"];
const TYPES = ["Full-time", "Permanent", "Part-time", "Graduate", "Contract", "Internship"];

const escapeHtml = (html) => html.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** One job in the Greenhouse Job Board API's shape (content=true: HTML escaped once more). */
function job(i) {
  const title = `${pick(LEVELS)}${pick(ROLES)}${pick(TEAMS)}`;
  const roll = random();
  const place =
    roll < 0.6
      ? `${pick(TOWNS)}, ${pick(["UK", "United Kingdom", "England"])}`
      : roll < 0.75
        ? pick(TOWNS)
        : roll < 0.85
          ? pick(["Remote - UK", "Remote"])
          : roll < 0.92
            ? `${pick(ABROAD)}; ${pick(TOWNS)}, UK`
            : pick(ABROAD);
  const paragraphs = Array.from({ length: 2 + int(4) }, () => `<p>${pick(SENTENCES)} ${pick(SENTENCES)}</p>`);
  const list = `<ul>${Array.from({ length: 2 + int(3) }, () => `<li>${pick(SENTENCES)}</li>`).join("")}</ul>`;
  const metadata = [];
  if (random() < 0.4)
    metadata.push({ id: 81, name: "Employment Type", value: pick(TYPES), value_type: "single_select" });
  if (random() < 0.5) metadata.push({ id: 82, name: "Salary Range", value: pick(SALARIES), value_type: "short_text" });
  const published = Date.UTC(2026, 9, 1) + int(50 * 24 * 60) * 60_000;
  const id = 5_000_000 + i;
  return {
    absolute_url: `https://job-boards.greenhouse.io/bench/jobs/${id}`,
    internal_job_id: 3_000_000 + i,
    location: { name: place },
    metadata: metadata.length ? metadata : null,
    id,
    updated_at: new Date(published + int(7 * 24 * 60) * 60_000).toISOString(),
    requisition_id: `REQ-${i}`,
    title,
    company_name: pick(COMPANIES),
    first_published: new Date(published).toISOString(),
    content: escapeHtml(`<h2>About the role</h2>${paragraphs.join("")}${list}`),
  };
}

/**
 * The board: one answer, with validators. `honour` off answers every request 200 with the same body,
 * as a server that sends no 304 does. Counts the answers it gave, by status.
 */
function board(body) {
  const gzipped = zlib.gzipSync(body);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const lastModified = new Date(Date.UTC(2026, 10, 27, 12)).toUTCString();
  const state = { honour: true, answers: {} };
  const server = http.createServer((req, res) => {
    const inm = req.headers["if-none-match"];
    const ims = req.headers["if-modified-since"];
    const fresh = inm !== undefined ? inm === etag : ims !== undefined && Date.parse(ims) >= Date.parse(lastModified);
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const status = state.honour && fresh ? 304 : 200;
    state.answers[status] = (state.answers[status] ?? 0) + 1;
    res.writeHead(status, {
      ETag: etag,
      "Last-Modified": lastModified,
      ...(status === 200
        ? { "Content-Type": "application/json; charset=utf-8", ...(gzip ? { "Content-Encoding": "gzip" } : {}) }
        : {}),
    });
    res.end(status === 200 ? (gzip ? gzipped : body) : undefined);
  });
  return { server, state, gzippedBytes: gzipped.length };
}

/** Runs `fn`, printing how long it took as it goes (a step of a 100,000-job run takes minutes). */
async function timed(label, fn) {
  const t = performance.now();
  const result = await fn();
  const s = (performance.now() - t) / 1000;
  console.log(`  ${label}: ${s.toFixed(1)} s`);
  return { result, s };
}

const n = (x) => x.toLocaleString("en-GB");
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

await runBench("bench:job-sources", async () => {
  ensureBuild();
  process.env.NODE_ENV = "production";
  process.env.DATA_DIR = throwawayDataDir("job-sources-bench");
  process.env.DATABASE_URL = "";
  process.env.ALLOW_LOOPBACK_FETCH = "true";
  const { withMigratedDatabase, jobSourcesBench: bench } = await import("../build/server/index.js");
  const { sql } = await import("drizzle-orm");

  console.log(`Generating a Greenhouse board of ${n(JOBS)} jobs...`);
  const body = JSON.stringify({ jobs: Array.from({ length: JOBS }, (_, i) => job(i)), meta: { total: JOBS } });
  const { server, state, gzippedBytes } = board(body);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/v1/boards/bench/jobs`;
  console.log(`Served at ${url}: ${mb(Buffer.byteLength(body))} of JSON, ${mb(gzippedBytes)} gzipped.`);

  try {
    await withMigratedDatabase(rootDir, "bench:job-sources", async (database, config) => {
      const db = database.db;
      const rows = async (query) => (await db.execute(query)).rows;
      const version = async () => Number((await rows(sql`select version from job_postings_version`))[0].version);
      const deps = bench.runDeps(db, config, () => new Date(), rootDir);
      deps.fetch = { ...deps.fetch, maxBytes: MAX_BYTES };

      // The first run's steps, one by one on the same answer (which also warms the code up, as the baseline's import does the run's).
      const { result: read } = await timed("reading the answer step by step", () =>
        bench.readGreenhouse(url, { contactUrl: deps.contactUrl, ...deps.fetch }),
      );
      // The baseline: the same records imported from memory, then removed, so that the run starts on an empty table too.
      const baseline = await timed("baseline: importJobs from memory", () =>
        bench.importFromMemory(db, read.records, "bench:baseline", rootDir),
      );
      if (baseline.result.added !== JOBS) fail(`the baseline added ${baseline.result.added} jobs, not ${JOBS}`);
      const merge = await timed("merging duplicates", () => bench.mergeDuplicates(db));
      const { result: inImport } = await timed("timing the import's parts", () =>
        bench.importSplit(db, read.records, rootDir),
      );
      read.records = null;
      // Truncated, not deleted: a delete checks each row's duplicate_of references (not indexed) one scan a row.
      await timed("emptying the table", () => db.execute(sql`truncate job_postings cascade`));
      state.answers = {};

      const source = await bench.addSource(
        db,
        { kind: "greenhouse", url, employer: null, everyMinutes: 360 },
        bench.benchActor,
        new Date(),
      );
      const run = async (name) => {
        const since = new Date();
        const before = await version();
        const { result, s } = await timed(name, () => bench.runSource(deps, source.id));
        if (result.outcome === "failed") fail(`${name}: the run failed: ${result.errors.join("; ")}`);
        const [{ changed, open }] = await rows(
          sql`select count(*) filter (where updated_at >= ${since})::int as changed, count(*) filter (where status = 'open')::int as open from job_postings`,
        );
        const answers = Object.entries(state.answers)
          .map(([status, count]) => `${count}× ${status}`)
          .join(", ");
        state.answers = {};
        return { name, ...result, s, changed, open, moved: (await version()) - before, answers };
      };
      const first = await run("first run: every job new");
      if (first.added !== JOBS || first.open !== JOBS) fail(`the first run added ${first.added} jobs, not ${JOBS}`);
      const unchanged = await run("unchanged, answered 304");
      state.honour = false;
      const again = await run("unchanged body, answered 200");

      console.log(
        `\n| ${n(JOBS)}-job Greenhouse source (PGlite, in-process) | answers | outcome | added | updated | rows whose updated_at moved | job_postings_version moved by | seconds | jobs/s | / baseline | target < ${TARGET_S} s |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
      );
      console.log(
        `| baseline: importJobs from memory (no HTTP, no adapter) | | | ${baseline.result.added} | | | | ${baseline.s.toFixed(1)} | ${n(Math.round(JOBS / baseline.s))} | 1× | |`,
      );
      for (const r of [first, unchanged, again]) {
        const target = r === first ? (r.s < TARGET_S ? "met" : "MISSED") : "";
        console.log(
          `| ${r.name} | ${r.answers} | ${r.outcome} | ${r.added} | ${r.updated} | ${r.changed} | ${r.moved} | ${r.s.toFixed(2)} | ${r === first ? n(Math.round(JOBS / r.s)) : ""} | ${(r.s / baseline.s).toFixed(2)}× | ${target} |`,
        );
      }
      const { fetchS, parseS, adaptS, schemaS } = read.split;
      const rest = first.s - fetchS - parseS - adaptS - schemaS - baseline.s - merge.s;
      console.log(`\nThe first run's time, step by step (each step timed on its own on the same answer):`);
      console.log(`| step | seconds | share of the first run |\n| --- | --- | --- |`);
      for (const [step, s] of [
        [`fetch (${mb(gzippedBytes)} gzipped, ${mb(read.bytes)} decoded)`, fetchS],
        ["JSON parse", parseS],
        ["Greenhouse adapter", adaptS],
        ["feed schema", schemaS],
        ["importJobs (the baseline), of which:", baseline.s],
        [`- matching ${n(inImport.employers)} employers on the register`, inImport.employersS],
        ["- classifying the titles", inImport.classifyS],
        [
          "- its statements (upserts of 2,000 rows, the close, the tidy) and the rest",
          baseline.s - inImport.employersS - inImport.classifyS,
        ],
        [
          "  (making the descriptions Markdown and HTML, on another thread while the statements run)",
          inImport.describeS,
        ],
        ["merge duplicates over every open job", merge.s],
        ["the rest (claim for employers, the run's record, noise)", rest],
      ])
        console.log(`| ${step} | ${s.toFixed(2)} | ${Math.round((100 * s) / first.s)}% |`);
      if (read.bytes > 50 * 1024 * 1024)
        console.log(
          `\nThe answer is ${mb(read.bytes)} decoded: a run under the default JOB_SOURCE_MAX_MB (50) would refuse it; the bench raises the limit.`,
        );
    });
  } finally {
    server.close();
  }
});
