import { expect, expectNoA11yViolations, test } from "./fixtures";

// The UK visa sponsor licence checker (issue 6) on the 2021 register the server imports on first start.

const CHECK = "/uk-work-visa-sponsor-licence-check";

test.beforeAll(async ({ request }) => {
  // The server imports the register after it starts serving: wait for it.
  await expect
    .poll(async () => (await (await request.get("/api/sponsors?q=tesco")).json()).registerDate, { timeout: 30_000 })
    .toBe("2021-11-02");
});

test.describe("the sponsor licence checker", () => {
  test("suggests names while typing, searches and opens an organisation", async ({ page }) => {
    await page.goto(CHECK);
    await expect(page.getByTestId("register-date")).toContainText("2 November 2021");
    // The shipped 2021 register is far older than two weeks.
    await expect(page.getByTestId("register-stale")).toContainText("Warning: this register may be out of date.");
    await page.getByLabel("Employer name").pressSequentially("deloit");
    await expect(page.locator('#sponsor-suggestions option[value="Deloitte LLP"]')).toHaveCount(1);
    await page.getByLabel("Employer name").fill("Deloitte LLP");
    await page.getByRole("button", { name: "Check the register" }).click();
    await expect(page).toHaveURL(/\?q=Deloitte\+LLP/);
    await expect(page.getByRole("heading", { level: 2, name: "“Deloitte LLP” is on the register" })).toBeVisible();
    await expectNoA11yViolations(page, "search results");
    await page.getByRole("link", { name: "Deloitte LLP" }).click();
    await expect(page).toHaveURL(`${CHECK}/deloitte-llp`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deloitte LLP");
    await expect(page.getByRole("table", { name: "Licences of Deloitte LLP" })).toContainText("Skilled Worker");
    await expect(page.getByText("On the register since at least 2 November 2021")).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Check the current register of licensed sponsors on GOV.UK" }),
    ).toHaveAttribute("href", "https://www.gov.uk/government/publications/register-of-licensed-sponsors-workers");
    await expectNoA11yViolations(page, "organisation page");
  });

  test("finds a misspelt name and says when a name is not on the register", async ({ page }) => {
    await page.goto(CHECK);
    await page.getByLabel("Employer name").fill("university of oxfrd");
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("heading", { level: 2, name: /^No exact match for “university of oxfrd”: \d+ similar names$/ }),
    ).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Similar spelling" }).first()).toContainText(
      "University of Oxford",
    );
    await page.getByLabel("Employer name").fill("Zyxwv Quantum Holdings");
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("heading", { name: "Not found on the register: “Zyxwv Quantum Holdings”" }),
    ).toBeVisible();
    await expectNoA11yViolations(page, "not found");
  });

  test("filters by town and shows a bad search's error by the field", async ({ page }) => {
    await page.goto(`${CHECK}?q=tesco`);
    await expect(page.getByRole("link", { name: "Tesco Stores Limited" })).toBeVisible();
    await page.getByLabel("Town or county").fill("Edinburgh");
    await page.getByRole("button", { name: "Check the register" }).click();
    await expect(page.getByRole("link", { name: "Tesco Personal Finance plc" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Tesco Stores Limited" })).toHaveCount(0);
    await page.getByLabel("Town or county").fill("");
    await page.getByLabel("Rating").selectOption("b");
    await page.getByRole("button", { name: "Check the register" }).click();
    await expect(page.getByRole("heading", { name: "Not found on the register: “tesco”" })).toBeVisible();

    const response = await page.goto(`${CHECK}?q=x`);
    expect(response?.status()).toBe(400);
    const alert = page.getByRole("alert");
    await alert.getByRole("link", { name: "Enter at least 2 characters of the employer's name" }).click();
    await expect(page.getByLabel("Employer name")).toBeFocused();
    await expectNoA11yViolations(page, "bad search");
  });

  test("links to the recent changes of the register", async ({ page }) => {
    await page.goto(CHECK);
    await page.getByRole("link", { name: "See who was added or dropped off" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recent changes to the sponsor register");
    await expect(page.getByText("The register of 2 November 2021 is the first one held here")).toBeVisible();
    await expect(page.getByText("Changes appear here once a second register has been imported")).toBeVisible();
    await expectNoA11yViolations(page, "recent changes");
  });

  test("a student keeps a shortlist", async ({ page, loginAs }) => {
    await loginAs("student", { to: "/sponsorship-licence-checker?q=tesco+stores+ltd" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sponsorship licence checker");
    await page.getByRole("button", { name: "Add to shortlist: Tesco Stores Limited" }).click();
    const shortlist = page.getByRole("region", { name: "Your shortlist" });
    await expect(shortlist.getByRole("link", { name: "Tesco Stores Limited" })).toBeVisible();
    await expectNoA11yViolations(page, "shortlist");
    await shortlist.getByRole("link", { name: "Tesco Stores Limited" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tesco Stores Limited");
    await page.getByRole("button", { name: "Remove from shortlist: Tesco Stores Limited" }).click();
    await expect(page.getByRole("button", { name: "Add to shortlist: Tesco Stores Limited" })).toBeVisible();
    await page.goto("/sponsorship-licence-checker");
    await expect(page.getByText("Employers you add from the results")).toBeVisible();
  });
});
