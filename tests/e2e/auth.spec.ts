import { ACCOUNTS, DEMO_PASSWORD, expect, loginThroughForm, submitLoginForm, test, type DemoRole } from "./fixtures";

const ROLES: DemoRole[] = ["student", "basicStudent", "admin", "predeparture"];

test.describe("logging in", () => {
  for (const role of ROLES) {
    const account = ACCOUNTS[role];
    test(`${role} logs in through the form and lands on ${account.home}`, async ({ page }) => {
      await loginThroughForm(page, role);
      await expect(page).toHaveURL(account.home);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(account.heading);
      const header = page.getByRole("banner");
      await expect(header).toContainText(`Signed in as ${account.name}`);
      await expect(header.getByRole("button", { name: "Log out" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Log in" })).toHaveCount(0);
    });
  }

  test("a wrong password shows an error and stays on the login page", async ({ page }) => {
    await page.goto("/login");
    await submitLoginForm(page, ACCOUNTS.student.email, `${DEMO_PASSWORD}-wrong`);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The email address or password is not right");
    await expect(alert).toBeFocused();
    await expect(page).toHaveURL("/login");
    await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.student.email);
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(page.getByText(/Signed in as/)).toHaveCount(0);
  });

  test("the pre-departure login at /jumpstart-login works", async ({ page }) => {
    await page.goto("/jumpstart-login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pre-departure log in");
    await loginThroughForm(page, "predeparture", { path: "/jumpstart-login" });
    await expect(page).toHaveURL("/jumpstart-dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jumpstart dashboard");
    await expect(page.getByRole("banner")).toContainText(`Signed in as ${ACCOUNTS.predeparture.name}`);
  });
});

test.describe("logging out", () => {
  test("the header's Log out button ends the session and returns home", async ({ page, loginAs }) => {
    await loginAs("student");
    await expect(page).toHaveURL("/student-dashboard");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("You have logged out.")).toBeVisible();
    await expect(header.getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(header.getByText(/Signed in as/)).toHaveCount(0);

    // The session is really gone: a page for logged-in users now sends the visitor to the login page.
    await page.goto("/my-cvs");
    await expect(page).toHaveURL("/login");
  });
});
