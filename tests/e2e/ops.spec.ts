import type { Page } from "@playwright/test";
import { base32Decode, totpCode, totpStep } from "../../app/lib/totp.server";
import { DEMO_PASSWORD, expect, expectNoA11yViolations, submitLoginForm, test } from "./fixtures";

// The operations console in a browser (issue 30): the demo staff member logs in with a password and
// an authenticator code, then walks every section of the console and does one thing in each, every
// page checked by axe. A code works once, and a code of the 30 seconds before or after is accepted:
// the login takes the previous step's code, leaving this step's and the next for two sensitive actions.

const STAFF = "ops@demo.test";
// The demo staff member's authenticator (app/db/seed/demo.ts): for the demo only.
const TOTP_SECRET = "JBSWY3DPEHPK3PXP";
const codeAt = (step: number) => totpCode(base32Decode(TOTP_SECRET)!, step);

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
const consoleNav = (page: Page) => page.getByRole("navigation", { name: "Operations console" });

async function section(page: Page, link: string, title: string | RegExp) {
  await consoleNav(page).getByRole("link", { name: link, exact: true }).click();
  await expect(heading(page, title)).toBeVisible();
  await expectNoA11yViolations(page, `the console's ${link}`);
}

test("platform staff log in with an authenticator code and walk the operations console", async ({
  page,
  browser,
  mailbox,
}) => {
  test.setTimeout(180_000);
  // Something for the moderation queue and the enquiries, sent through the public forms.
  const STORY = "I applied to forty employers and kept notes on every interview. ".repeat(3);
  for (const [name, job] of [
    ["Nadia E2E", "Console Analyst"],
    ["Kwame E2E", "Console Engineer"],
  ] as const) {
    await page.goto("/share-your-success-story");
    await page.getByLabel("Your name", { exact: true }).fill(name);
    await page.getByLabel("Email").fill(`${name.split(" ")[0]!.toLowerCase()}.e2e@example.com`);
    await page.getByLabel("University", { exact: true }).fill("University of Leeds");
    await page.getByLabel("Course", { exact: true }).fill("MSc Data Science");
    await page.getByLabel("Home country", { exact: true }).fill("Egypt");
    await page.getByLabel("Job title", { exact: true }).fill(job);
    await page.getByLabel("Employer", { exact: true }).fill("A Leeds bank");
    await page.getByLabel("Your story").fill(STORY);
    await page.getByLabel(/I agree that my story/).check();
    await page.getByRole("button", { name: "Send my story" }).click();
    await expect(heading(page, "Thank you for your story")).toBeVisible();
  }
  // A student who registered and has not confirmed their address yet.
  await page.goto("/register/demo-university");
  await page.getByLabel("Full name").fill("Ines Unconfirmed");
  await page.getByLabel("Email").fill("ines.unconfirmed@demo.test");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(heading(page, "Check your email")).toBeVisible();
  const confirmation = (m: { envelopeTo: string[]; subject?: string | null }) =>
    m.envelopeTo.includes("ines.unconfirmed@demo.test") && /^Confirm your email/.test(m.subject ?? "");
  const first = await mailbox.next(confirmation);
  await page.goto("/contact-us");
  await page.getByLabel("Name", { exact: true }).fill("Omar E2E");
  await page.getByLabel("Email").fill("omar.e2e@example.com");
  await page.getByLabel("Subject").fill("Console enquiry from the e2e walk");
  await page.getByLabel("Message").fill("Could your careers team call us about a partnership?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Contact us");

  // The password, then a wrong code: refused beside the field, and the console stays closed.
  await page.goto("/login");
  await submitLoginForm(page, STAFF, DEMO_PASSWORD);
  await expect(heading(page, "Two-step login")).toBeVisible();
  await expectNoA11yViolations(page, "the two-step login");
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("#code-error")).toContainText("That code is not right, or has been used already");
  await expectNoA11yViolations(page, "the two-step login with a wrong code");
  expect((await page.request.get("/ops")).status()).toBe(404);

  const step = totpStep(new Date());
  await page.getByLabel("Authentication code").fill(codeAt(step - 1));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(heading(page, "Operations console")).toBeVisible();
  await expect(page.getByRole("main").getByText("Signed in as Priya Natarajan")).toBeVisible();
  await expectNoA11yViolations(page, "the console's overview");

  // Universities: one made from nothing, then its plan, a sensitive change, with a fresh code.
  await section(page, "Universities", "Universities");
  await page.getByRole("link", { name: "Add a university" }).click();
  await expect(heading(page, "Add a university")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Walkthrough University");
  await page.getByLabel("Slug").fill("walkthrough-university");
  await page.getByLabel("Country").selectOption({ label: "United Kingdom" });
  await page.getByLabel("Email domains").fill("walkthrough.test");
  await expectNoA11yViolations(page, "adding a university");
  await page.getByRole("button", { name: "Create the university" }).click();
  await expect(heading(page, "Walkthrough University")).toBeVisible();
  await expect(page.getByText("Walkthrough University is created")).toBeVisible();
  await expectNoA11yViolations(page, "a university's console page");
  await page.getByLabel("Career hub", { exact: true }).check();
  await page.locator("#plan-code").fill(codeAt(step));
  await page.getByRole("button", { name: "Save the plan" }).click();
  await expect(page.getByLabel("Career hub", { exact: true })).toBeChecked();
  await page.getByLabel("Brand colour").fill("#1d4ed8");
  await page.getByRole("button", { name: "Save the colour" }).click();
  await expect(page.getByLabel("Brand colour")).toHaveValue("#1d4ed8");
  await expectNoA11yViolations(page, "a university's console page after changes");

  // Its head of careers asks for an administrator account, confirms the address and chooses a password…
  const head = await browser.newContext();
  const headPage = await head.newPage();
  await headPage.goto("/university-user-registration");
  await headPage.getByLabel("University").selectOption({ label: "Walkthrough University" });
  await headPage.getByLabel("Full name").fill("Grace Walker");
  await headPage.getByLabel("Work email").fill("grace.walker@walkthrough.test");
  await headPage.getByLabel("Job title").fill("Head of careers");
  await headPage.getByRole("button", { name: "Ask for an account" }).click();
  await expect(headPage.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  const mail = await mailbox.next(
    (m) => m.envelopeTo.includes("grace.walker@walkthrough.test") && /^Confirm your email/.test(m.subject ?? ""),
  );
  const link = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(mail.text ?? "")![0]);
  await headPage.goto(link.pathname + link.search);
  await headPage.getByLabel("Password", { exact: true }).fill("Granite-ridge-5521");
  await headPage.getByLabel("Confirm password").fill("Granite-ridge-5521");
  await headPage.getByRole("button", { name: "Continue" }).click();
  await expect(headPage).toHaveURL(/\/pre-auth-student$/);
  // …and the staff member approves the university's first administrator from the console.
  await page.reload();
  await page.getByRole("button", { name: "Approve Grace Walker" }).click();
  await expect(page.getByText(/Grace Walker/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve Grace Walker" })).toHaveCount(0);
  await headPage.goto("/university-dashboard");
  await expect(headPage.getByRole("heading", { level: 1 })).toHaveText("University dashboard");
  await head.close();

  // People: another university's admin, their access given and their sessions ended with a fresh code.
  await section(page, "People", "People");
  await page.getByLabel("Search by name or email address").fill("admin@second.test");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Tomás Reyes" }).click();
  await expect(heading(page, "Tomás Reyes")).toBeVisible();
  await expectNoA11yViolations(page, "a person's console page");
  const sessions = page.getByRole("region", { name: "End all sessions" });
  await sessions.getByLabel("Authentication code").fill(codeAt(step + 1));
  await sessions.getByRole("button", { name: "End all sessions" }).click();
  await expect(page.getByText(/sessions? of Tomás Reyes ended/)).toBeVisible();
  await page.getByRole("button", { name: "Deactivate account" }).click();
  await expect(page.getByText("Tomás Reyes's account is deactivated")).toBeVisible();
  await page.getByRole("button", { name: "Reactivate account" }).click();
  await expect(page.getByText("Tomás Reyes's account is active again.")).toBeVisible();
  await expectNoA11yViolations(page, "a person's console page after changes");

  // A student's confirmation email, sent again with a new link.
  await section(page, "People", "People");
  await page.getByLabel("Search by name or email address").fill("ines.unconfirmed@demo.test");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Ines Unconfirmed" }).click();
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect(page.getByText("A new confirmation email is on its way to ines.unconfirmed@demo.test.")).toBeVisible();
  // A second email, with a link of its own.
  const second = await mailbox.next((m) => confirmation(m) && m !== first);
  expect(second.text).not.toBe(first.text);

  // An employer's organisation, whose verification staff may withdraw (not done here: other files use it).
  await section(page, "People", "People");
  await page.getByLabel("Search by name or email address").fill("recruiter@demo-employer.test");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Morgan Ellis" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Employer organisation" })).toBeVisible();
  const withdrawal = page.getByRole("region", { name: "Withdraw the organisation's verification" });
  await expect(withdrawal.getByLabel("Reason")).toBeVisible();
  await expect(withdrawal.getByRole("button", { name: "Withdraw verification" })).toBeVisible();
  await expectNoA11yViolations(page, "an employer's console page");

  // Moderation: the story sent above, rejected with a reason.
  await section(page, "Moderation", "Moderation");
  await page.getByRole("link", { name: "Console Analyst at A Leeds bank" }).click();
  await expectNoA11yViolations(page, "a story waiting for moderation");
  await page.getByLabel("Reason").fill("Please add the month you started the job.");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText(/is rejected, and Nadia E2E is told by email/)).toBeVisible();
  await page.getByRole("link", { name: "Console Engineer at A Leeds bank" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(/is approved, and Kwame E2E is told by email/)).toBeVisible();

  // Enquiries: the message sent above, marked as handled with a note.
  await section(page, "Enquiries", "Enquiries");
  await page.getByLabel("Search by name, address or organisation").fill("omar.e2e@example.com");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Omar E2E" }).click();
  await expectNoA11yViolations(page, "an enquiry");
  await page.getByLabel("Note").fill("Called back and booked a meeting.");
  await page.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByText("The enquiry is marked as handled.")).toBeVisible();

  // The sponsor register: a refresh queued (its page here is a closed port, so its job fails).
  await section(page, "Sponsor register", "Sponsor register");
  await page.getByRole("button", { name: "Refresh now" }).click();
  await expect(page.getByText("The refresh is queued.")).toBeVisible();

  // The email outbox: one email's page, its links' secrets hidden.
  await section(page, "Email", "Email outbox");
  await page.getByLabel("Search by recipient or subject").fill("nadia.e2e@example.com");
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByRole("link", { name: /^#\d+ / })
    .first()
    .click();
  await expect(heading(page, /^Email #\d+$/)).toBeVisible();
  await expectNoA11yViolations(page, "one email of the outbox");

  // The job queue, filtered by state.
  await section(page, "Job queue", "Job queue");
  await page.getByLabel("State").selectOption({ label: "Any state" });
  await page.getByRole("button", { name: "Search" }).click();
  await expectNoA11yViolations(page, "the job queue, searched");

  // The audit log: what was just done, filtered, and its CSV.
  await section(page, "Audit log", "Audit log");
  await page.getByLabel("What").fill("university.");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: "university.created" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "university.plan_changed" }).first()).toBeVisible();
  await expectNoA11yViolations(page, "the audit log, filtered");
  const csv = await page.request.get(
    await page
      .getByRole("link", { name: "Download these entries (CSV)" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(csv.headers()["content-type"]).toMatch(/text\/csv/);
  expect(await csv.text()).toContain("university.plan_changed");
});
