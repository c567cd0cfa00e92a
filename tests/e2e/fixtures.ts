import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import axe, { type Result, type RunOptions } from "axe-core";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_SESSIONS_DIR, E2E_SMTP_PORT } from "../../playwright.config";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";
import { ACCOUNTS, DEMO_PASSWORD, type DemoRole } from "./accounts";

export { ACCOUNTS, DEMO_PASSWORD, type DemoRole, expect };

/** Fills in and submits the login form already open on `page`, as a person would. */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Logs in through the login form at `origin` (the baseURL when omitted) and waits to leave it. */
export async function loginThroughForm(
  page: Page,
  role: DemoRole,
  { origin, path: loginPath = "/login" }: { origin?: string; path?: string } = {},
): Promise<void> {
  await page.goto(origin ? new URL(loginPath, origin).toString() : loginPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/log in/i);
  await submitLoginForm(page, ACCOUNTS[role].email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/(login|jumpstart-login)(\/|\?|$)|\/login-success/);
  await expect(page.getByText(`Signed in as ${ACCOUNTS[role].name}`)).toBeVisible();
}

/**
 * The sessions tests/e2e/prepare.js opened for each demo account before the server started. Each is
 * handed out once (a claim file made with "wx" marks it taken, whichever worker asks), since a test may
 * log out and so end the one it was given.
 */
function takeSession(role: DemoRole): string {
  const { email } = ACCOUNTS[role];
  const tokens = (
    JSON.parse(fs.readFileSync(path.join(E2E_SESSIONS_DIR, "tokens.json"), "utf8")) as Record<string, string[]>
  )[email]!;
  for (const [i, token] of tokens.entries()) {
    try {
      fs.closeSync(fs.openSync(path.join(E2E_SESSIONS_DIR, `${email}.${i}`), "wx"));
      return token;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  throw new Error(`All ${tokens.length} sessions opened for ${email} are taken: open more in playwright.config.ts`);
}

const endedMarker = (role: DemoRole) => path.join(E2E_SESSIONS_DIR, `${ACCOUNTS[role].email}.ended`);

/**
 * Said by a test before it ends every session of a demo account (a password reset or change does):
 * the sessions opened for it beforehand end too, so later tests log in as it through the form.
 */
export function endingEverySessionOf(role: DemoRole): void {
  fs.writeFileSync(endedMarker(role), "");
}

type Fixtures = {
  /**
   * Logs in as one of the demo accounts with a session of its own, on `origin` (a microsite's) or the
   * baseURL, and opens the account's home page, where the login form would have taken it, or `to`
   * (a path of the account's, opened straight away rather than after a home page no one reads): in
   * the test's page, or in `page` (of another browser context).
   */
  loginAs: (role: DemoRole, options?: { origin?: string; page?: Page; to?: string }) => Promise<void>;
};

type WorkerFixtures = {
  /** The SMTP server the app under test sends its email to, with what it received. */
  mailbox: TestSmtpServer;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Up for the whole run (auto), so no email the app sends finds the port closed.
  mailbox: [
    // Playwright reads a fixture's dependencies from this pattern, so it must be an (empty) object pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const smtp = await startSmtpServer(E2E_SMTP_PORT);
      await use(smtp);
      await smtp.close();
    },
    { scope: "worker", auto: true },
  ],
  loginAs: async ({ page: testPage, baseURL, javaScriptEnabled }, use) => {
    await use(async (role, { origin = baseURL!, page = testPage, to } = {}) => {
      const { email, home, name } = ACCOUNTS[role];
      const landing = new URL(to ?? home, origin).toString();
      if (fs.existsSync(endedMarker(role))) {
        await loginThroughForm(page, role, { origin });
        if (to) await page.goto(landing);
      } else {
        // The cookie the login form sets (SESSION_COOKIE in app/features/auth/session.server.ts).
        const session = {
          name: "sid",
          value: takeSession(role),
          url: origin,
          httpOnly: true,
          sameSite: "Lax" as const,
        };
        await page.context().addCookies([session]);
        await page.goto(landing);
      }
      await expect(
        page,
        `${email} did not land on ${to ?? home}: did an earlier test end its sessions without saying so (endingEverySessionOf)?`,
      ).toHaveURL(landing);
      await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
      // As after the login form, which the hydrated app submits, the page has hydrated before the test goes on.
      if (javaScriptEnabled) await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    });
  },
});

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
  // Only violations are read: axe then skips describing every element that passed.
  resultTypes: ["violations"],
};

/**
 * axe's violations on the page as it is now. AxeBuilder finishes each run in a new blank page, loading
 * axe there as well, which took most of the suite's axe time; a page without frames (all of ours) is
 * checked by axe in the page itself, loading it once per document. One with frames goes through
 * AxeBuilder, which loads axe into each frame.
 */
async function axeViolations(page: Page): Promise<Result[]> {
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).options(AXE_OPTIONS).analyze()).violations;
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async (options) => (await (window as unknown as { axe: typeof axe }).axe.run(document, options)).violations,
    AXE_OPTIONS,
  );
}

/** Runs axe on the page as it is now and fails with a readable list when it finds any violation. */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  // One readable line per rule and one per offending element, so a failure says what to fix and where.
  const violations = (await axeViolations(page)).map((v) => {
    const nodes = v.nodes.map((n) => `${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s*\n\s*/g, " ")}`);
    return `[${v.impact ?? "unknown"}] ${v.id}: ${v.help} (${v.helpUrl})\n      - ${nodes.join("\n      - ")}`;
  });
  expect(violations, `axe found ${violations.length} violation(s) on ${label}:\n  ${violations.join("\n  ")}`).toEqual(
    [],
  );
}
