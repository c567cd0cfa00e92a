import type { Browser, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoA11yViolations, submitLoginForm, test } from "./fixtures";

// Employers in a browser (issue 31): a new employer registers, is verified by its A-rated register entry
// (the demo register lists Acme People Limited, and the website carries its name), posts a job while the
// live verdict says what would change it, publishes it; a student applies with the CV from the builder;
// the employer moves the application on and the student is emailed. Then a university blocks the
// employer and its students no longer find the job. Every page is checked by axe.
test.describe.configure({ mode: "serial" });

const EMAIL = "lee@acme-people.test";
// A title no generated demo job has, so searches find this job alone.
const TITLE = "Payroll Platform Software Developer";
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
/** The job search's results, not the rest of its page (which may name jobs the person applied to). */
const resultLinks = (page: Page) =>
  page.locator("section[aria-labelledby=results-heading]").getByRole("link", { name: TITLE, exact: true });

async function loggedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await submitLoginForm(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test("an employer registers, is verified, posts a job with a live verdict, and handles an application", async ({
  page,
  browser,
  mailbox,
}) => {
  test.setTimeout(180_000);
  await page.goto("/employers");
  await page.getByRole("link", { name: "Post a job" }).first().click();
  await expectNoA11yViolations(page, "the employer registration");
  await page.getByLabel("Organisation name").fill("Acme People");
  await page.getByLabel("Organisation website").fill("www.acme-people.test");
  await page.getByLabel("Your full name").fill("Lee Morgan");
  await page.getByLabel("Work email").fill(EMAIL);
  await page.getByRole("button", { name: "Register" }).click();
  const mail = await mailbox.next((m) => m.envelopeTo.includes(EMAIL) && /^Confirm your email/.test(m.subject ?? ""));
  const link = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(mail.text ?? "")![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel("Password", { exact: true }).fill("Juniper-canal-88");
  await page.getByLabel("Confirm password").fill("Juniper-canal-88");
  await page.getByRole("button", { name: "Continue" }).click();

  // Matching: the checker's matches for the name; the A-rated entry verifies at once.
  await expect(heading(page, "Acme People")).toBeVisible();
  await expectNoA11yViolations(page, "the employer dashboard, choosing the register entry");
  await page.getByLabel(/^Acme People Limited, London/).check();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("verification-status")).toHaveText("Verified");

  // Posting, with the live verdict: the occupation comes from the title, the advice from the salary.
  await page.getByRole("link", { name: "Post a job" }).click();
  await expect(heading(page, "Post a job")).toBeVisible();
  await page.getByLabel("Job title").fill("Software Developer");
  await page.getByLabel("Type of job").selectOption({ label: "Full-time" });
  await page.getByLabel("Town or city").fill("Leeds");
  await page.getByLabel("Lowest salary (£)").fill("51450");
  await page.getByLabel("Hours a week").fill("37.5");
  await page.getByLabel("Description").fill("Build and run web services with a friendly team in Leeds.");
  await expect(page.getByText("£3,250 more a year would meet the going rate of £54,700 for 2134")).toBeVisible();
  await expect(page.getByLabel("Occupation (SOC 2020)")).toHaveValue("2134");
  await expectNoA11yViolations(page, "the job form with its live verdict");
  await page.getByLabel("Job title").fill(TITLE);
  await page.getByLabel("Occupation (SOC 2020)").selectOption("2134");
  await page.getByLabel("Lowest salary (£)").fill("55000");
  await page.getByRole("button", { name: "Save and preview" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("Status: Draft");
  const address = new URL((await page.getByTestId("job-address").textContent())!.trim(), page.url()).pathname;
  await expectNoA11yViolations(page, "the job's preview");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(heading(page, "Your jobs")).toBeVisible();
  await expect(page.getByText(`"${TITLE}" is published: students can find it now.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(TITLE) })).toContainText("Open");
  await expectNoA11yViolations(page, "the employer's jobs");

  // A student finds it, and applies with their CV.
  const student = await loggedIn(browser, "basic.student@demo.test");
  await student.goto(`/jobs?q=${encodeURIComponent(TITLE)}`);
  await student.getByRole("link", { name: TITLE }).first().click();
  await expect(student).toHaveURL(new RegExp(`${address}$`));
  await expect(student.getByText("Verified licensed sponsor").first()).toBeVisible();
  await student.getByLabel("Your CV").selectOption({ label: "CV for software roles" });
  await student.getByLabel("A short note to the employer").fill("I build web services and would love to join you.");
  await student.getByRole("button", { name: "Apply with your CV" }).click();
  await expect(heading(student, "My applications")).toBeVisible();
  await expect(student.getByRole("row", { name: new RegExp(TITLE) })).toContainText("Received");
  await expectNoA11yViolations(student, "the student's applications");

  // The employer sees the applicant and moves them on; the student is told.
  await page.getByRole("link", { name: `Applicants for ${TITLE}` }).click();
  await expect(heading(page, `Applicants for ${TITLE}`)).toBeVisible();
  await expectNoA11yViolations(page, "the applicants");
  await page.getByLabel("Status of Daniel Okafor's application", { exact: true }).selectOption({ label: "Interview" });
  await page.getByRole("button", { name: "Change status of Daniel Okafor's application" }).click();
  await expect(page.getByText("Status changed. We emailed the student.")).toBeVisible();
  const told = await mailbox.next(
    (m) =>
      m.envelopeTo.includes("basic.student@demo.test") && (m.subject ?? "").startsWith(`Your application for ${TITLE}`),
  );
  expect(told.subject).toBe(`Your application for ${TITLE}: invited to interview`);
  await student.reload();
  await expect(student.getByRole("row", { name: new RegExp(TITLE) })).toContainText("Interview");
});

test("a university blocks an employer, and its students no longer find the employer's jobs", async ({ browser }) => {
  const search = `/jobs?q=${encodeURIComponent(TITLE)}`;
  const student = await loggedIn(browser, "student@demo.test");
  await student.goto(search);
  await expect(resultLinks(student)).not.toHaveCount(0);

  const admin = await loggedIn(browser, "admin@demo.test");
  await admin.getByRole("link", { name: "Employers", exact: true }).first().click();
  await expect(heading(admin, "Employers")).toBeVisible();
  await expectNoA11yViolations(admin, "the university's employers");
  await admin.getByLabel("Search by name or website").fill("Acme People");
  await admin.getByRole("button", { name: "Search" }).click();
  await admin.getByRole("button", { name: "Block Acme People" }).click();
  await expect(admin.getByText("Acme People is blocked: its jobs no longer reach your students.")).toBeVisible();

  await student.goto(search);
  await expect(student.getByRole("heading", { level: 2, name: "No jobs match" })).toBeVisible();
  await expect(resultLinks(student)).toHaveCount(0);
  // A visitor, who belongs to no university, still finds it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(search);
  await expect(resultLinks(visitor)).not.toHaveCount(0);
});
