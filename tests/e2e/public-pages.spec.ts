import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("country guides", () => {
  test("a student reads a guide by keyboard: the index, the overview, then a section with its dated rules", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.goto("/country-guide");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Country guides");
    await expectNoA11yViolations(page, "/country-guide");

    const guide = page.getByRole("link", { name: "Working in United Kingdom" });
    await guide.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/country-guide/uk/overview");
    await expect(page.getByRole("navigation", { name: "The United Kingdom guide" }).getByText("Overview")).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page, "/country-guide/uk/overview");

    // Tab through the guide's index until its "Visa details" section has focus, then follow it.
    const visas = page.getByRole("navigation", { name: "The United Kingdom guide" }).getByRole("link", { name: "Visa details" });
    for (let i = 0; i < 40 && !(await visas.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(visas).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/country-guide/uk/visa-details");
    const rules = page.getByRole("region", { name: "Rules that change, and the dates they apply from" });
    await expect(rules.getByRole("row").nth(1)).toContainText(/\d{1,2} \w+ \d{4}/);
    await expect(page.getByRole("heading", { name: "Official sources" })).toBeVisible();
    await expect(page.getByText(/Last reviewed 25 November 2026/)).toBeVisible();
    await expectNoA11yViolations(page, "/country-guide/uk/visa-details");
  });

  test("a student without the guides sees the sections listed but not linked, and is kept out of them", async ({ page, loginAs }) => {
    await loginAs("basicStudent");
    await page.goto("/country-guide/canada/overview");
    const index = page.getByRole("navigation", { name: "The Canada guide" });
    await expect(index.getByText("Visa details")).toBeVisible();
    await expect(index.getByRole("link", { name: "Visa details" })).toHaveCount(0);
    await expect(index).toContainText("does not include the country guides");
    await page.goto("/country-guide/canada/visa-details");
    await expect(page).toHaveURL("/student-dashboard");
  });
});

test.describe("workshops and webinars", () => {
  test("a visitor registers for a workshop and gets their place's page", async ({ page }) => {
    await page.goto("/workshop-and-webinars?tz=Europe/London");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Workshops and webinars");
    await expectNoA11yViolations(page, "/workshop-and-webinars");
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Finding an employer that can sponsor you" }) });
    await item.getByText("Register for a place").click();
    await item.getByLabel("Full name").fill("Lucía Fernández");
    await item.getByLabel("Email", { exact: true }).fill("lucia.e2e@example.test");
    await item.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/workshop-and-webinars\/registration\?registration=\d+&sig=[\w-]+&done=registered$/);
    await expect(page.getByRole("status").filter({ hasText: "You have a place" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finding an employer that can sponsor you");
    await expectNoA11yViolations(page, "/workshop-and-webinars/registration");
  });
});

test.describe("book a meeting", () => {
  test.use({ timezoneId: "America/New_York" });

  test("a visitor in New York sees the times in their own zone and books one", async ({ page }) => {
    await page.goto("/book-a-meeting");
    // The page asks again in the browser's time zone once it runs.
    await expect(page).toHaveURL(/tz=America%2FNew_York/);
    await expect(page.getByText("Times are in America/New York.")).toBeVisible();
    await expectNoA11yViolations(page, "/book-a-meeting");
    const days = page.getByRole("navigation", { name: "Days with open times" }).getByRole("link");
    await days.nth(1).click();
    await expect(days.nth(1)).toHaveAttribute("aria-current", "true");
    const times = page.getByRole("group", { name: /^Times on / });
    const first = times.getByRole("radio").first();
    const label = (await times.locator("label").first().innerText()).trim();
    await first.check();
    await page.getByLabel("Full name").fill("Grace Miller");
    await page.getByLabel("Email", { exact: true }).fill("grace.e2e@example.test");
    await page.getByLabel("Which describes you best?").selectOption("employer");
    await page.getByRole("button", { name: "Book the meeting" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your meeting is booked" })).toBeVisible();
    const when = page.getByRole("definition").first();
    await expect(when).toContainText(`, ${label.slice(0, 5)} to `);
    await expect(when).toContainText("(America/New York)");
    await expect(page.getByRole("link", { name: "Add it to your calendar (.ics file)" })).toBeVisible();
    await expectNoA11yViolations(page, "/book-a-meeting booked");
  });
});

test.describe("job search report", () => {
  test("shows its charts with their tables, and passes axe", async ({ page, request }) => {
    // The server imports the register after it starts serving: wait for it.
    await expect.poll(async () => (await (await request.get("/api/sponsors?q=tesco")).json()).registerDate, { timeout: 30_000 }).toBe("2021-11-02");
    const response = await page.goto("/international-student-job-search-report");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("International student job search report");
    await expect(page.getByRole("figure", { name: "Licensed organisations by visa route" })).toBeVisible();
    await expectNoA11yViolations(page, "/international-student-job-search-report");
  });
});
