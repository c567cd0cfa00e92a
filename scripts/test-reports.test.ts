import { describe, expect, it } from "vitest";
import { readPlaywrightReport, readVitestReport } from "./test-reports.js";

// The shapes are those Vitest's and Playwright's JSON reporters write (fields this reader does not
// use left out).
const ROOT = "/check/work/main";

describe("readVitestReport", () => {
  it("names each failed test with its file and the first line of why, and a file that failed outside a test", () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: `${ROOT}/tests/http/career-fairs.test.ts`,
          status: "failed",
          message: "",
          assertionResults: [
            { fullName: "registering emails the ticket", status: "passed", failureMessages: [] },
            {
              fullName: "calling a fair off deletes it",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError: expected 500 to be 303\u001b[39m\n    at file.ts:10:3"],
            },
          ],
        },
        {
          name: `${ROOT}/tests/http/sso-saml.test.ts`,
          status: "failed",
          message: "Hook timed out in 120000ms.\nIf this is a long-running hook, pass a timeout value",
          assertionResults: [{ fullName: "logs in", status: "skipped", failureMessages: [] }],
        },
        { name: `${ROOT}/app/lib/csv.test.ts`, status: "passed", message: "", assertionResults: [] },
      ],
    };
    expect(readVitestReport("HTTP tests", report, ROOT)).toEqual({
      passed: 3,
      // The hook's file counts, though Vitest's own count leaves it out.
      failed: 2,
      skipped: 1,
      failures: [
        "HTTP tests › tests/http/career-fairs.test.ts › calling a fair off deletes it: AssertionError: expected 500 to be 303",
        "HTTP tests › tests/http/sso-saml.test.ts: Hook timed out in 120000ms.",
      ],
    });
  });
});

describe("readPlaywrightReport", () => {
  it("names a test that ended unexpected by its file and describes, and an error outside any test", () => {
    const test = (status: string, message?: string) => ({
      status,
      results: message ? [{ errors: [{ message: "first try" }] }, { errors: [{ message }] }] : [{ errors: [] }],
    });
    const report = {
      stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
      errors: [{ message: "Error: Timed out waiting 120000ms from config.webServer." }],
      suites: [
        {
          title: "ops.spec.ts",
          file: "ops.spec.ts",
          specs: [{ title: "staff walk the console", file: "ops.spec.ts", tests: [test("expected")] }],
          suites: [
            {
              title: "moderation",
              file: "ops.spec.ts",
              specs: [
                {
                  title: "approves a job",
                  file: "ops.spec.ts",
                  tests: [test("unexpected", "Error: expect(locator).toBeVisible() failed\n\nLocator: …")],
                },
                { title: "retried and passed", file: "ops.spec.ts", tests: [test("flaky")] },
              ],
            },
          ],
        },
      ],
    };
    expect(readPlaywrightReport(report)).toEqual({
      passed: 3,
      failed: 2,
      skipped: 0,
      failures: [
        "e2e › ops.spec.ts › moderation › approves a job: Error: expect(locator).toBeVisible() failed",
        "e2e: Error: Timed out waiting 120000ms from config.webServer.",
      ],
    });
  });
});
