import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { type TestSmtpServer, startSmtpServer } from "../support/smtp";

export { expect };

export const DEMO_PASSWORD = "DemoPass#2026";

export type DemoRole = "student" | "basicStudent" | "admin" | "predeparture";

/** The demo accounts (app/db/seed/demo.ts) and where each lands after logging in. */
export const ACCOUNTS: Record<DemoRole, { email: string; name: string; home: string; heading: string }> = {
  student: { email: "student@demo.test", name: "Aisha Khan", home: "/student-dashboard", heading: "Student dashboard" },
  basicStudent: {
    email: "basic.student@demo.test",
    name: "Daniel Okafor",
    home: "/student-dashboard",
    heading: "Student dashboard",
  },
  admin: {
    email: "admin@demo.test",
    name: "Sarah Whitfield",
    home: "/university-dashboard",
    heading: "University dashboard",
  },
  predeparture: {
    email: "predeparture@demo.test",
    name: "Wei Chen",
    home: "/jumpstart-dashboard",
    heading: "Jumpstart dashboard",
  },
};

/** Fills in and submits the login form already open on `page`, as a person would. */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

type LoginOptions = {
  /** Origin to log in on, e.g. a microsite's; the baseURL when omitted. */
  origin?: string;
  /** Login page path; /login when omitted. */
  path?: string;
  /** Wait until the page leaves the login form (true by default). */
  waitForLanding?: boolean;
};

type Fixtures = {
  /** Logs in through the form at /login as one of the demo accounts and waits to leave the login page. */
  loginAs: (role: DemoRole, options?: LoginOptions) => Promise<void>;
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
  loginAs: async ({ page }, use) => {
    await use(async (role, options = {}) => {
      const { origin, path = "/login", waitForLanding = true } = options;
      await page.goto(origin ? new URL(path, origin).toString() : path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/log in/i);
      await submitLoginForm(page, ACCOUNTS[role].email, DEMO_PASSWORD);
      if (waitForLanding) {
        await expect(page).not.toHaveURL(/\/(login|jumpstart-login)(\/|\?|$)|\/login-success/);
        await expect(page.getByText(`Signed in as ${ACCOUNTS[role].name}`)).toBeVisible();
      }
    });
  },
});

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the page as it is now and fails with a readable list when it finds any violation. */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  // One readable line per rule and one per offending element, so a failure says what to fix and where.
  const violations = results.violations.map((v) => {
    const nodes = v.nodes.map((n) => `${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s*\n\s*/g, " ")}`);
    return `[${v.impact ?? "unknown"}] ${v.id}: ${v.help} (${v.helpUrl})\n      - ${nodes.join("\n      - ")}`;
  });
  expect(violations, `axe found ${violations.length} violation(s) on ${label}:\n  ${violations.join("\n  ")}`).toEqual(
    [],
  );
}
