import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("country guides", () => {
  test("a student reads a guide by keyboard: the index, the overview, then a section with its dated rules", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student", { to: "/country-guide" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Country guides");
    await expectNoA11yViolations(page, "/country-guide");

    const guide = page.getByRole("link", { name: "Working in United Kingdom" });
    await guide.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/country-guide/uk/overview");
    await expect(
      page.getByRole("navigation", { name: "The United Kingdom guide" }).getByText("Overview", { exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page, "/country-guide/uk/overview");

    // Tab through the guide's index until its "Visa details" section has focus, then follow it.
    const visas = page
      .getByRole("navigation", { name: "The United Kingdom guide" })
      .getByRole("link", { name: "Visa details" });
    for (let i = 0; i < 40 && !(await visas.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(visas).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/country-guide/uk/visa-details");
    const rules = page.getByRole("region", { name: "Rules that change, and the dates they apply from" });
    await expect(rules.getByRole("row").nth(1)).toContainText(/\d{1,2} \w+ \d{4}/);
    await expect(page.getByRole("heading", { name: "Official sources" })).toBeVisible();
    await expect(page.getByText(/Last reviewed 27 November 2026/)).toBeVisible();
    await expectNoA11yViolations(page, "/country-guide/uk/visa-details");
  });

  test("a student without the guides sees the sections listed but not linked, and is kept out of them", async ({
    page,
    loginAs,
  }) => {
    await loginAs("basicStudent", { to: "/country-guide/canada/overview" });
    const index = page.getByRole("navigation", { name: "The Canada guide" });
    await expect(index.getByText("Visa details")).toBeVisible();
    await expect(index.getByRole("link", { name: "Visa details" })).toHaveCount(0);
    await expect(index).toContainText("does not include the country guides");
    await page.goto("/country-guide/canada/visa-details");
    await expect(page).toHaveURL("/student-dashboard");
  });
});

test.describe("workshops and webinars", () => {
  test("a visitor registers for a workshop, is told to check their email, and opens their place from it", async ({
    page,
    mailbox,
  }) => {
    await page.goto("/workshop-and-webinars?tz=Europe/London");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Workshops and webinars");
    await expectNoA11yViolations(page, "/workshop-and-webinars");
    const item = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Finding an employer that can sponsor you" }) });
    await item.getByText("Register for a place").click();
    await item.getByLabel("Full name").fill("Lucía Fernández");
    await item.getByLabel("Email", { exact: true }).fill("lucia.e2e@example.test");
    await item.getByRole("button", { name: "Register" }).click();
    // Once hydrated, the page may add the browser's time zone to its address (use-browser-time-zone).
    await expect(page).toHaveURL(/\/workshop-and-webinars\?sent=1(&tz=[\w/+-]+)?$/);
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();
    const mail = await mailbox.next((m) => m.envelopeTo.includes("lucia.e2e@example.test"));
    await page.goto(
      /https?:\/\/\S+\/workshop-and-webinars\/registration\?registration=\d+&sig=[\w-]+/.exec(mail.text ?? "")![0],
    );
    await expect(page.getByText("Registered", { exact: true })).toBeVisible();
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
    await expect
      .poll(async () => (await (await request.get("/api/sponsors?q=tesco")).json()).registerDate, { timeout: 30_000 })
      .toBe("2021-11-02");
    const response = await page.goto("/international-student-job-search-report");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("International student job search report");
    await expect(page.getByRole("figure", { name: "Licensed organisations by visa route" })).toBeVisible();
    await expectNoA11yViolations(page, "/international-student-job-search-report");
  });
});

test.describe("help pages", () => {
  test("the FAQ searches by keyboard without leaving the page's order, and opens an answer", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
    const all = await page.locator("summary").count();
    const search = page.getByLabel("Search the questions");
    await search.fill("graduate visa");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/faq\?q=graduate\+visa$/);
    await expect(page.getByRole("status").filter({ hasText: "your search" })).toContainText(`of the ${all} questions`);
    const question = page.locator("summary", { hasText: "Can I stay in the UK to work after I graduate?" });
    await expect(question).toBeVisible();
    expect(await page.locator("summary").count()).toBeLessThan(all);
    // A search opens the answers it found; a disclosure closes and opens again by keyboard.
    const answer = page.locator("details", { has: question });
    const official = answer.getByRole("link", { name: "Graduate visa (GOV.UK)" });
    await expect(official).toBeVisible();
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(answer).not.toHaveAttribute("open", "");
    await expect(official).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(official).toBeVisible();
    await expectNoA11yViolations(page, "/faq?q=graduate+visa");
  });

  for (const [path, heading] of [
    ["/universities/partners", "Our partner universities"],
    ["/immigration-guide", "Immigration guide: working after your studies"],
    ["/careers", "Careers with us"],
    ["/employers", "For employers"],
  ] as const) {
    test(`${path} passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectNoA11yViolations(page, path);
    });
  }

  test("/partner-with-us lists every problem of an empty form, linked to its field, and passes axe", async ({
    page,
  }) => {
    await page.goto("/partner-with-us");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partner with us");
    await expectNoA11yViolations(page, "/partner-with-us");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    for (const message of [
      "Enter your full name",
      "Enter your email address",
      "Enter your university or organisation",
      "Enter your job title",
      "Tell us what you would like: at least 10 characters",
    ]) {
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    await summary.getByRole("link", { name: "Enter your job title" }).click();
    await expect(page.getByLabel("Job title")).toBeFocused();
    await expect(page.getByLabel("Job title")).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page, "/partner-with-us with errors");
  });
});

test.describe("e-books", () => {
  test("a visitor asks for a guide's e-book and downloads the PDF from the confirmation", async ({ page }) => {
    await page.goto("/country-guide/uk/overview");
    await page.getByRole("link", { name: "This guide's overview as an e-book (PDF)" }).click();
    await expect(page).toHaveURL("/ebook/working-in-the-uk-after-graduation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Working in the UK after graduation");
    await expectNoA11yViolations(page, "/ebook/working-in-the-uk-after-graduation");
    await page.getByLabel("Full name").fill("Kwame Mensah");
    await page.getByLabel("Email", { exact: true }).fill("kwame.e2e@example.test");
    await page.getByLabel("I am").selectOption("student");
    await page.getByRole("button", { name: "Email me the e-book" }).click();
    await expect(page.getByRole("heading", { name: "Your e-book is ready" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("working-in-the-uk-after-graduation.pdf");
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe("%PDF-");
    await expectNoA11yViolations(page, "/ebook confirmation");
  });
});
