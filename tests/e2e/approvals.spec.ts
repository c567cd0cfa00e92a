import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("accounts a university approves", () => {
  test("a graduate registers, waits on their status page, and an admin approves them", async ({
    browser,
    page,
    loginAs,
    mailbox,
  }) => {
    const email = "e2e.graduate@mail.example";
    await page.goto("/alumni-student-registration/demo-university");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register as a Demo University graduate");
    await page.getByLabel("Full name").fill("Chidi Obi");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Course").fill("BEng Civil Engineering");
    await page.getByLabel("Graduation year").fill("21");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.getByRole("link", { name: "Enter the year you graduated as four digits, like 2022" }),
    ).toBeVisible();
    await expect(page.getByLabel("Course")).toHaveValue("BEng Civil Engineering");
    await expectNoA11yViolations(page);
    await page.getByLabel("Graduation year").fill("2021");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");

    const mail = await mailbox.next((m) => m.envelopeTo.includes(email) && /^Confirm your email/.test(m.subject ?? ""));
    const link = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(mail.text ?? "")![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel("Password", { exact: true }).fill("Granite-ridge-5521");
    await page.getByLabel("Confirm password").fill("Granite-ridge-5521");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/pre-auth-student$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is waiting for approval");
    await expect(page.getByText("A graduate account: BEng Civil Engineering, graduated in 2021")).toBeVisible();
    await expectNoA11yViolations(page);

    // The admin decides in a browser of their own while the graduate stays logged in.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await loginAs("admin", { page: adminPage });
    await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText("University dashboard");
    await expect(adminPage.getByRole("row", { name: /Chidi Obi/ })).toContainText("graduated in 2021");
    await expectNoA11yViolations(adminPage);
    await adminPage.getByRole("button", { name: "Approve Chidi Obi's account" }).click();
    await expect(
      adminPage.getByText(/^Chidi Obi's account is approved, until \d{1,2} \w+ \d{4}; they have been told by email\.$/),
    ).toBeVisible();
    await adminContext.close();

    await mailbox.next((m) => m.envelopeTo.includes(email) && /account is approved$/.test(m.subject ?? ""));
    await page.goto("/student-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student dashboard");
  });

  test("university staff ask for an administrator account by keyboard", async ({ page }) => {
    await page.goto("/university-user-registration");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ask for a university administrator account");
    await expectNoA11yViolations(page);
    await page.getByLabel("University").focus();
    await page.keyboard.type("Demo University");
    await expect(page.getByLabel("University")).toHaveValue("demo-university");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Ada Lovelace");
    await page.keyboard.press("Tab");
    await page.keyboard.type("e2e.staff@demo.test");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Employability lead");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  });
});
