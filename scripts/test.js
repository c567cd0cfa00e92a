// npm test: every automated test, unit to end-to-end, and one closing line with the counts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { rootDir } from "./ensure-build.js";
import { startThrowawayPostgres } from "./postgres-server.js";

const reports = path.join(rootDir, ".tmp", "reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { cwd: rootDir, stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) {
    ok = false;
    console.error(`*** ${title} failed (exit ${r.status})`);
  }
  return r.status === 0;
}

function vitest(title, name, args, env = {}) {
  const out = path.join(reports, `${name}.json`);
  run(title, "npx", ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], env);
  if (!fs.existsSync(out)) return void (totals.failed += 1);
  const r = JSON.parse(fs.readFileSync(out, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

vitest("Unit tests", "unit", ["--project", "unit"]);

if (run("Production build", "npm", ["run", "build"])) {
  vitest("HTTP tests on the embedded database (PGlite)", "http-pglite", ["--project", "http", "--exclude", "tests/http/multi-instance.test.ts"]);

  let postgres = null;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    postgres = await startThrowawayPostgres();
    url = postgres?.url;
  }
  if (url) {
    try {
      vitest("HTTP tests on a PostgreSQL server", "http-postgres", ["--project", "http", "--exclude", "tests/http/embedded-database.test.ts", "--exclude", "tests/http/dev-server.test.ts"], {
        TEST_DATABASE_URL: url,
      });
    } finally {
      postgres?.stop();
    }
  } else {
    console.log("\nPostgreSQL is not installed here, so the HTTP suite ran on PGlite only (CI installs it: see .ci/run).");
  }

  const pwOut = path.join(reports, "e2e.json");
  run("End-to-end tests (Playwright, Chromium)", "npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_FILE: pwOut });
  if (fs.existsSync(pwOut)) {
    const { stats } = JSON.parse(fs.readFileSync(pwOut, "utf8"));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } else totals.failed += 1;
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
