import type { Page } from "@playwright/test";
import { ACCOUNTS, DEMO_PASSWORD, expect, submitLoginForm, test } from "./fixtures";

const MICROSITE = `http://demo-university.localhost:${process.env.E2E_PORT ?? 3210}`;

/** Marks the current document so a test can tell a client-side navigation from a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = "same-document";
  });
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe("same-document");
}

/** Navigates as a <Link> click does, through the hydrated React Router data router. */
async function clientNavigate(page: Page, to: string) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    void router.navigate(path);
  }, to);
}

test.describe("guards on the main site", () => {
  test("a visitor sent to log in from /my-cvs is brought back there after logging in", async ({ page }) => {
    await page.goto("/my-cvs");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await submitLoginForm(page, ACCOUNTS.student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL("/my-cvs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My CVs");
    await expect(page.getByRole("banner")).toContainText(`Signed in as ${ACCOUNTS.student.name}`);
  });

  test("a student following a link to the university dashboard lands on the student dashboard", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student");
    await page.goto("/my-cvs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My CVs");
    await markDocument(page);
    await clientNavigate(page, "/university-dashboard");
    await expect(page).toHaveURL("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student dashboard");
    await expectSameDocument(page);
  });

  test("a student clicking the header's home link is taken to the student dashboard", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.goto("/my-cvs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My CVs");
    await markDocument(page);
    await page.getByRole("banner").getByRole("link", { name: "Career Platform" }).click();
    await expect(page).toHaveURL("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student dashboard");
    await expectSameDocument(page);
  });

  test("a student opening the university dashboard by address lands on the student dashboard", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student");
    await page.goto("/university-dashboard");
    await expect(page).toHaveURL("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student dashboard");
  });

  test("a student without country guide access is sent from a guide section to the dashboard", async ({
    page,
    loginAs,
  }) => {
    await loginAs("basicStudent");
    await page.goto("/country-guide/uk/cv");
    await expect(page).toHaveURL("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student dashboard");
  });

  test("a student with country guide access sees a guide section", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.goto("/country-guide/uk/cv");
    await expect(page).toHaveURL("/country-guide/uk/cv");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Writing a UK CV as an international graduate");
    await expect(
      page.getByRole("navigation", { name: "The United Kingdom guide" }).getByText("CV", { exact: true }),
    ).toHaveAttribute("aria-current", "page");
  });
});

test.describe("guards on a university microsite", () => {
  test("a visitor to /jobs on the microsite logs in there and then sees the jobs", async ({ page }) => {
    await page.goto(`${MICROSITE}/jobs`);
    await expect(page).toHaveURL(`${MICROSITE}/login`);
    const header = page.getByRole("banner");
    await expect(header).toContainText("Demo University Careers");
    await expect(page.getByText("Use the account Demo University gave you.")).toBeVisible();

    await submitLoginForm(page, ACCOUNTS.student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(`${MICROSITE}/jobs`);
    await expect(header).toContainText(`Signed in as ${ACCOUNTS.student.name}`);

    await page.goto(`${MICROSITE}/jobs`);
    await expect(page).toHaveURL(`${MICROSITE}/jobs`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs");
    await expect(header).toContainText("Demo University Careers");
  });

  test("the career hub sends the premium student to the premium courses", async ({ page, loginAs }) => {
    await loginAs("student", { origin: MICROSITE });
    await page.goto(`${MICROSITE}/cih`);
    await expect(page).toHaveURL(`${MICROSITE}/cih/premium`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Premium career courses");
  });

  test("the career hub sends the basic student to the standard videos", async ({ page, loginAs }) => {
    await loginAs("basicStudent", { origin: MICROSITE });
    await page.goto(`${MICROSITE}/cih`);
    await expect(page).toHaveURL(`${MICROSITE}/cih/standard`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Career videos");
  });

  test("the header's Career hub link sends the premium student to the premium courses", async ({ page, loginAs }) => {
    await loginAs("student", { origin: MICROSITE });
    await expect(page).toHaveURL(`${MICROSITE}/student-dashboard`);
    await markDocument(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Career hub" }).click();
    await expect(page).toHaveURL(`${MICROSITE}/cih/premium`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Premium career courses");
    await expectSameDocument(page);
  });
});
