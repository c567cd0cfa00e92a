import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("invitations", () => {
  test("an admin invites a cohort and a student accepts", async ({ page, loginAs, mailbox }) => {
    await loginAs("admin", { to: "/university-dashboard" });
    await page.getByLabel("Email addresses").fill("e2e.invitee@mail.example\nnot-an-address");
    await page.getByRole("button", { name: "Send invitations" }).click();
    await expect(page.getByRole("alert")).toContainText("The list has 1 problem; nobody has been invited");
    await expect(page.getByRole("list", { name: "Problems in the list" })).toContainText("Line 2");
    await expectNoA11yViolations(page, "dashboard with a bad invitation list");

    await page.getByLabel("Email addresses").fill("e2e.invitee@mail.example\ne2e.second@mail.example");
    await page.getByRole("button", { name: "Send invitations" }).click();
    await expect(page.getByText("Invited 2 students.")).toBeVisible();
    await expect(page.getByRole("row", { name: /e2e\.invitee@mail\.example/ })).toContainText("Waiting");
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByText("You have logged out.")).toBeVisible();

    const mail = await mailbox.next(
      (m) => m.envelopeTo.includes("e2e.invitee@mail.example") && /^You are invited/.test(m.subject ?? ""),
    );
    const link = new URL(/https?:\/\/\S+\/register-invite\/\S+/.exec(mail.text ?? "")![0]);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accept your invitation");
    await expectNoA11yViolations(page);
    await page.getByLabel("Full name").fill("Priya Nair");
    await page.getByLabel("Password", { exact: true }).fill("Orchid-pylon-517");
    await page.getByLabel("Confirm password").fill("Orchid-pylon-517");
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About your studies");
  });
});
