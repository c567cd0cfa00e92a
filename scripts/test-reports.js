// Reading the reports npm test's suites write: their counts, and each failed test named with the first
// line of why. The names are printed again after the counts, since CI's record keeps only its tail.

import { stripVTControlCharacters } from "node:util";

const firstLine = (message = "") =>
  stripVTControlCharacters(message)
    .split("\n")
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? "";

/** A Vitest JSON report (`--reporter=json`); `root` makes its absolute file names relative. */
export function readVitestReport(title, report, root) {
  const failures = [];
  for (const file of report.testResults) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((t) => t.status === "failed");
    for (const t of failed) failures.push(`${title} › ${name} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    // A file that failed outside any test (its imports, a hook) has no failed test to name.
    if (file.status === "failed" && failed.length === 0)
      failures.push(`${title} › ${name}: ${firstLine(file.message)}`);
  }
  return {
    passed: report.numPassedTests,
    failed: Math.max(report.numFailedTests, failures.length),
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

/** A Playwright JSON report: suites nest (a file, then its describes); a test fails when it ends unexpected. */
export function readPlaywrightReport(report) {
  const failures = [];
  const walk = (suites, titles) => {
    for (const suite of suites ?? []) {
      const inner = suite.title === suite.file ? titles : [...titles, suite.title];
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests)
          if (t.status === "unexpected")
            failures.push(
              `e2e › ${spec.file} › ${[...inner, spec.title].join(" › ")}: ${firstLine(t.results.at(-1)?.errors?.[0]?.message)}`,
            );
      walk(suite.suites, inner);
    }
  };
  walk(report.suites, []);
  // Errors outside any test (global setup, the web server) fail the run without failing a test.
  for (const e of report.errors ?? []) failures.push(`e2e: ${firstLine(e.message)}`);
  const { stats } = report;
  return {
    passed: stats.expected + stats.flaky,
    failed: Math.max(stats.unexpected, failures.length),
    skipped: stats.skipped,
    failures,
  };
}
