import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("access requests", () => {
  test("a student without a university address asks for access, an admin approves, the student sets a password", async ({
    page,
    loginAs,
    mailbox,
  }) => {
    const email = "e2e.requester@mail.example";
    await page.goto("/request-access/demo-university");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request access to Demo University careers");
    await expectNoA11yViolations(page);
    await page.getByLabel("Full name").fill("Tomás Silva");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Student number").fill("DU-20931");
    await page.getByLabel("Course").fill("MA Journalism");
    await page.getByRole("button", { name: "Request access" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request sent");
    await mailbox.next((m) => m.envelopeTo.includes(email) && /^We have your request/.test(m.subject ?? ""));

    await loginAs("admin", { to: "/university-dashboard" });
    await expect(page.getByRole("heading", { name: "Access requests" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Tomás Silva/ })).toContainText("DU-20931");
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Approve Tomás Silva" }).click();
    await expect(
      page.getByText("Tomás Silva is approved and has been emailed a link to choose a password."),
    ).toBeVisible();
    await expect(page.getByRole("row", { name: /Tomás Silva/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByText("You have logged out.")).toBeVisible();

    const mail = await mailbox.next((m) => m.envelopeTo.includes(email) && /is approved$/.test(m.subject ?? ""));
    const link = new URL(/https?:\/\/\S+\/register\/setup-account-redirection\/\S+/.exec(mail.text ?? "")![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel("Password", { exact: true }).fill("Copper-tide-4410");
    await page.getByLabel("Confirm password").fill("Copper-tide-4410");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About your studies");
  });
});
