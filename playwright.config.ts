import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from "./scripts/chromium.js";
import { ACCOUNTS } from "./tests/e2e/accounts";

// E2E_PORT lets two checkouts run their end-to-end tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;
// The tests' own SMTP server (the mailbox fixture in tests/e2e/fixtures.ts) listens here.
export const E2E_SMTP_PORT = PORT + 1;
/** The sessions opened for the demo accounts before the server starts, which `loginAs` hands out (git-ignored). */
export const E2E_SESSIONS_DIR = path.join(import.meta.dirname, ".tmp/e2e-sessions");
// More than a run's logins as any one account (the student's are about 35).
const SESSIONS_PER_ACCOUNT = 100;
const DEMO_EMAILS = Object.values(ACCOUNTS)
  .map((a) => a.email)
  .join(" ");

/**
 * End-to-end tests against the production build (build/), served by server.js on a fresh,
 * throwaway embedded database (.tmp/e2e-data, git-ignored) that tests/e2e/prepare.js fills with
 * the demo data first. Build first with `npx react-router build`.
 *
 * Playwright drives Debian's chromium-headless-shell (or /usr/bin/chromium where it is missing): no
 * browser downloads on this machine.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test's limit guards against a hang, not its speed: the longest take a few seconds here, and
  // several times that when other work shares the machine's two cores.
  timeout: 60_000,
  // Likewise an assertion's wait: the suite shares the two cores with the unit and HTTP suites (npm test),
  // and a CI run once took more than Playwright's 5 s to open the CV editor after "Create CV".
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : "list",
  use: {
    baseURL: BASE_URL,
    // No trace: recording one for every test (to keep it only on a failure) took a tenth of the suite's
    // CPU. A failure keeps its screenshot and the page's accessibility tree (error-context.md); to
    // watch one step by step, run it again with `npx playwright test FILE --trace on`.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: E2E_CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // tests/e2e/prepare.js makes the database and the sessions `loginAs` hands out before the server starts.
    command: [
      "rm -rf .tmp/e2e-data .tmp/e2e-sessions",
      `DATA_DIR=.tmp/e2e-data node tests/e2e/prepare.js ${E2E_SESSIONS_DIR}/tokens.json ${SESSIONS_PER_ACCOUNT} ${DEMO_EMAILS}`,
      // The single sign-on tests run their identity providers on this machine (tests/e2e/sso.spec.ts).
      // The console's "Refresh now" reads the register's page from a closed port here, never GOV.UK.
      // No request log: the server's output is the run's, and a line a request would drown it.
      `DATA_DIR=.tmp/e2e-data PORT=${PORT} LOG_LEVEL=warn SMTP_URL=smtp://127.0.0.1:${E2E_SMTP_PORT} ALLOW_LOOPBACK_FETCH=1 SPONSOR_REGISTER_PAGE=http://127.0.0.1:9/register node server.js`,
    ].join(" && "),
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    // Preparing the database and starting take about 40 s here, and several times that on a busy machine.
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
