import { DEMO_PASSWORD, expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("the student's profile", () => {
  test("a student fills in their profile, the phone number through the phone input", async ({ page, loginAs }) => {
    await loginAs("student", { to: "/edit-profile" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit your profile");
    await expectNoA11yViolations(page);

    await page.getByLabel("Phone number").fill("");
    await page.getByLabel("Phone number").pressSequentially("+33612345678");
    await expect(page.getByLabel("Phone number")).toHaveValue("+33 6 12 34 56 78");
    await page.getByLabel("Home country").selectOption({ label: "France" });
    await page.getByLabel("Course").fill("MSc Business Analytics");
    await page.getByLabel("Level of study").selectOption({ label: "Postgraduate taught (master's)" });
    await page.getByLabel("Graduation date").fill("2027-06");
    await page.getByLabel("Current visa").selectOption({ label: "Student visa" });
    await page.getByLabel("Visa expiry date").fill("2027-10-31");
    await page.getByRole("group", { name: "Sectors" }).getByLabel("Data and technology").check();
    await page.getByRole("group", { name: "Job types" }).getByLabel("Graduate schemes").check();
    await page.getByLabel("LinkedIn profile").fill("not a link");
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect(page.getByRole("alert")).toContainText("Enter your LinkedIn profile's address");
    await expect(page.getByLabel("Course")).toHaveValue("MSc Business Analytics");
    await expectNoA11yViolations(page, "profile with an error");
    await page.getByLabel("LinkedIn profile").fill("https://www.linkedin.com/in/aisha-khan");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your profile is saved.")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Course")).toHaveValue("MSc Business Analytics");
    await expect(page.getByLabel("Phone number")).toHaveValue("+33 6 12 34 56 78");
    await expect(page.getByRole("group", { name: "Sectors" }).getByLabel("Data and technology")).toBeChecked();
  });
});

test("a new email address needs the current password", async ({ page, loginAs, mailbox }) => {
  await loginAs("student", { to: "/edit-profile" });
  await page.getByLabel("Email", { exact: true }).fill("aisha.new@mail.example");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter your current password to change your email address");
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page, "profile asking for the current password");
  await page.getByLabel("Current password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("We have sent a link to aisha.new@mail.example")).toBeVisible();
  await mailbox.next(
    (m) => m.envelopeTo.includes("aisha.new@mail.example") && m.subject === "Confirm your new email address",
  );
});

test("the delete-account page explains what goes, asks for the password, and keeps the account on request", async ({
  page,
  loginAs,
}) => {
  await loginAs("student", { to: "/edit-profile" });
  await page.getByRole("link", { name: "Delete your account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete your account");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter your password");
  await page.getByRole("link", { name: "Keep my account" }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
});
