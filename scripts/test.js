// npm test: every automated test, unit to end-to-end, and one closing line with the counts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { rootDir, shareCompileCache } from "./ensure-build.js";
import { startThrowawayPostgres } from "./postgres-server.js";
import { readPlaywrightReport, readVitestReport } from "./test-reports.js";

shareCompileCache();

const reports = path.join(rootDir, ".tmp", "reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
let ok = true;
const started = Date.now();
const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/**
 * Runs one step. Steps that run side by side keep their output until they finish, so each step's
 * report reads as one block; a step on its own streams as it goes.
 */
function run(title, cmd, args, env = {}, { buffered = false } = {}) {
  const since = Date.now();
  if (!buffered) console.log(`\n=== ${title} ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: rootDir,
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    let output = "";
    if (buffered) {
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
    }
    child.on("close", (code) => {
      if (buffered) console.log(`\n=== ${title} ===\n${output}`);
      console.log(`--- ${title}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${elapsed(since)}`);
      if (code !== 0) ok = false;
      resolve(code === 0);
    });
  });
}

/** Adds a suite's report to the totals; a suite that wrote none counts as one failure. */
function count(title, out, read) {
  if (!fs.existsSync(out)) {
    failures.push(`${title}: no report (the run ended before writing one)`);
    return void (totals.failed += 1);
  }
  const r = read(JSON.parse(fs.readFileSync(out, "utf8")));
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.skipped += r.skipped;
  failures.push(...r.failures);
}

async function vitest(title, name, args, env = {}, options = {}) {
  const out = path.join(reports, `${name}.json`);
  await run(
    title,
    "npx",
    ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
    env,
    options,
  );
  count(title, out, (report) => readVitestReport(title, report, rootDir));
}

// The build first (a few seconds): the HTTP and end-to-end suites run against it, and the unit tests'
// CLI tests would otherwise build it themselves. Then every suite as soon as a core can take it, since
// the machine's two cores, not any one suite, set the time: the unit tests (a worker per core), the
// HTTP suite on a PostgreSQL server (one worker, mostly waiting on the server) and the browser (mostly
// waiting on pages) together, and the HTTP suite on PGlite (PostgreSQL in WebAssembly, in its own
// workers, a worker per core) once the unit tests have given their cores back.
if (await run("Production build", "npm", ["run", "build"])) {
  let postgres = null;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    postgres = await startThrowawayPostgres();
    url = postgres?.url;
  }
  // A young generation of 64 MB a worker: a worker runs many files (isolate: false), and with V8's
  // default it promoted and marked far more (the suite alone 142–146 core-s against 156–157, 2026-11-30).
  const unit = vitest(
    "Unit tests",
    "unit",
    ["--project", "unit", "--maxWorkers", "100%"],
    { NODE_OPTIONS: [process.env.NODE_OPTIONS, "--max-semi-space-size=64"].filter(Boolean).join(" ") },
    { buffered: true },
  );
  const suites = [
    unit.then(() =>
      vitest(
        "HTTP tests on the embedded database (PGlite)",
        "http-pglite",
        [
          "--project",
          "http",
          "--maxWorkers",
          "2",
          // PostgreSQL only: two servers on one database, and two transactions at once.
          "--exclude",
          "tests/http/multi-instance.test.ts",
          "--exclude",
          "tests/http/lock-order.test.ts",
        ],
        {},
        { buffered: true },
      ),
    ),
  ];
  if (url) {
    suites.push(
      vitest(
        "HTTP tests on a PostgreSQL server",
        "http-postgres",
        [
          "--project",
          "http",
          "--maxWorkers",
          "1",
          "--exclude",
          "tests/http/embedded-database.test.ts",
          "--exclude",
          "tests/http/backups.test.ts",
          "--exclude",
          "tests/http/dev-server.test.ts",
        ],
        { TEST_DATABASE_URL: url },
        { buffered: true },
      ),
    );
  } else {
    console.log(
      "\nPostgreSQL is not installed here, so the HTTP suite runs on PGlite only (CI installs it: see .ci/run).",
    );
  }
  const pwOut = path.join(reports, "e2e.json");
  const e2eTitle = "End-to-end tests (Playwright, Chromium)";
  const e2e = run(
    e2eTitle,
    "npx",
    ["playwright", "test"],
    { PLAYWRIGHT_JSON_OUTPUT_FILE: pwOut },
    { buffered: true },
  ).then(() => count(e2eTitle, pwOut, readPlaywrightReport));
  try {
    await Promise.all([...suites, e2e]);
  } finally {
    postgres?.stop();
  }
}

console.log(`\nAll tests took ${elapsed(started)}.`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `- ${f}`).join("\n")}`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
