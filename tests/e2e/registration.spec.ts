import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("registration", () => {
  test("a student registers with their university email, confirms it and lands on their dashboard", async ({
    page,
    mailbox,
  }) => {
    const email = "e2e.registrant@demo.test";
    await page.goto("/login");
    await page.getByLabel("Your university").selectOption({ label: "Demo University" });
    await page.getByRole("button", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/register\/demo-university$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your Demo University account");
    await expectNoA11yViolations(page);

    await page.getByLabel("Full name").fill("Lena Fischer");
    await page.getByLabel("Email").fill("lena@gmail.example");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("alert")).toContainText("ending @demo.test");
    await expect(page.getByRole("link", { name: "Ask Demo University for access" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Lena Fischer");
    await expectNoA11yViolations(page, "registration with a refused address");

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");

    const mail = await mailbox.next((m) => m.envelopeTo.includes(email) && /^Confirm your email/.test(m.subject ?? ""));
    const link = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(mail.text ?? "")![0]);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your password");
    await expectNoA11yViolations(page);
    await page.getByLabel("Password", { exact: true }).fill("Juniper-canal-88");
    await page.getByLabel("Confirm password").fill("Juniper-canal-88");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About your studies");
    await expectNoA11yViolations(page);
    await page.getByLabel("Course").fill("LLM International Law");
    await page.getByLabel("Level of study").selectOption({ label: "Postgraduate taught (master's)" });
    await page.getByLabel("Graduation date").fill("2027-07");
    await page.getByLabel("Home country").selectOption({ label: "Germany" });
    await page
      .getByLabel("Current visa")
      .selectOption({ label: "I do not need a visa (for example, a citizen or settled)" });
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/student-dashboard$/);
    await expect(page.getByText("Signed in as Lena Fischer")).toBeVisible();
    // A new student's dashboard: each panel says what to do first.
    await expect(page.getByText("You have no CV yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create your CV" })).toBeVisible();
    await expect(page.getByText("No badges yet")).toBeVisible();
    await expect(page.getByText(/You have not saved any jobs yet/)).toBeVisible();
    await expectNoA11yViolations(page, "a new student's dashboard");
  });
});
