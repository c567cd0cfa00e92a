import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

// The Australian points calculator (issue 5), used as a student would, in Chromium.

const PATH = "/skilled-migration-points-calculator-australia";
const total = (page: Page) => page.getByTestId("au-points-total");

test.describe("the points calculator", () => {
  test("by keyboard: the total follows the answers, the URL shares them, a saved result survives a reload", async ({
    page,
    loginAs,
    context,
  }) => {
    await loginAs("student", { to: PATH });
    await expect(page.getByTestId("au-points-pending")).toHaveText(
      "To see your points, answer: date of birth, English language ability, partner.",
    );

    // Date of birth: Chromium's date field takes month, day and year (en-US) as typed digits.
    await page.getByLabel("Date of birth").focus();
    await page.keyboard.type("05101996");
    await expect(page.getByLabel("Date of birth")).toHaveValue("1996-05-10");
    await page.getByLabel("Invitation date").focus();
    await page.keyboard.type("11222026");
    // English: Tab into the group (past the date field's calendar button), Space picks Competent, the first.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(/^Competent English/)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(page.getByLabel(/^Competent English/)).toBeChecked();
    await page.getByLabel(/^I have no partner/).focus();
    await page.keyboard.press("Space");

    // 30 for age 30 + 0 Competent + 10 no partner = 40.
    await expect(total(page)).toHaveText("40");
    await expect(page.getByText("40 points: 25 short of the pass mark of 65")).toBeVisible();
    await expect(page.getByText("Proficient English would add 10 points")).toBeVisible();

    await page.getByLabel(/^Competent English/).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByLabel(/^Proficient English/)).toBeChecked();
    await expect(total(page)).toHaveText("50");

    await page.getByLabel("Years of skilled employment in Australia").focus();
    await page.keyboard.type("3");
    // 50 + 10 for 3 years in Australia.
    await expect(total(page)).toHaveText("60");
    await page.getByLabel(/^I completed a Professional Year/).focus();
    await page.keyboard.press("Space");
    await expect(total(page)).toHaveText("65");
    await expect(page.getByText("65 points: meets the pass mark of 65")).toBeVisible();

    // The address follows the answers, so it can be shared.
    await expect(page).toHaveURL(/english=proficient/);
    const shared = page.url();
    expect(new URL(shared).searchParams.get("australianEmploymentYears")).toBe("3");
    expect(new URL(shared).searchParams.get("professionalYear")).toBe("on");

    await page.getByRole("button", { name: "Save to my account" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Result saved to your account.")).toBeVisible();
    await expect(page.getByTestId("au-points-saved").getByRole("listitem")).toHaveCount(1);
    await expect(page.getByTestId("au-points-saved")).toContainText("65 points");

    await page.reload();
    await expect(total(page)).toHaveText("65");
    await expect(page.getByLabel(/^Proficient English/)).toBeChecked();
    await expect(page.getByTestId("au-points-saved")).toContainText("65 points");

    // The shared address, opened in another tab, shows the same result.
    const other = await context.newPage();
    await other.goto(shared);
    await expect(total(other)).toHaveText("65");
    await expect(other.getByLabel("Years of skilled employment in Australia")).toHaveValue("3");
    await other.close();

    // Changing an answer after saving does not change what was saved; opening it brings it back.
    await page.getByLabel(/^Superior English/).check();
    await expect(total(page)).toHaveText("75");
    await page.getByRole("link", { name: /^Open the result of 65 points/ }).click();
    await expect(total(page)).toHaveText("65");
    await expect(page.getByLabel(/^Proficient English/)).toBeChecked();

    await page.getByRole("button", { name: /^Delete the result of 65 points/ }).click();
    await expect(page.getByText("Saved result deleted.")).toBeVisible();
    await expect(page.getByText("Nothing saved yet.")).toBeVisible();
  });

  test("copies the link to share", async ({ page, loginAs, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await loginAs("student");
    const query = "dateOfBirth=1996-05-10&invitationDate=2026-11-22&english=superior&partner=skilled";
    await page.goto(`${PATH}?${query}`);
    await expect(total(page)).toHaveText("60");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Link copied.")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname + new URL(copied).search).toBe(`${PATH}?${query}`);
  });

  test("shows a wrong answer at once and tells what is still needed", async ({ page, loginAs }) => {
    await loginAs("student", { to: PATH });
    await page.getByLabel("Years of skilled employment outside Australia").fill("-2");
    await expect(page.getByText("Years cannot be negative")).toBeVisible();
    await expect(page.getByLabel("Years of skilled employment outside Australia")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    // Questions not reached yet are not errors.
    await expect(page.getByText("Enter your date of birth")).toHaveCount(0);
    await expect(page.getByTestId("au-points-pending")).toContainText("To see your points, answer: date of birth");
    await expectNoA11yViolations(page, "calculator with a wrong answer");
  });

  test("an opened link with wrong answers lists them, linked to their fields, and axe finds nothing", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student", { to: `${PATH}?dateOfBirth=2999-01-01&english=fluent&regionalStudy=on` });
    const summary = page.getByRole("alert");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([
      "Your date of birth cannot be in the future",
      "Choose one of: competent, proficient, superior",
      /^Study in regional Australia counts only/,
      "Choose your partner situation",
    ]);
    await summary.getByRole("link", { name: "Choose your partner situation" }).click();
    await expect(page.locator("fieldset#partner")).toBeFocused();
    await expectNoA11yViolations(page, "calculator with errors listed");
  });

  test("axe finds nothing on a full result", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.goto(
      `${PATH}?dateOfBirth=1981-11-22&invitationDate=2026-11-22&english=superior&overseasEmploymentYears=8&australianEmploymentYears=2&partner=none`,
    );
    // 45 on the invitation date: no visa, whatever the points.
    await expect(page.getByText("You must be under 45 when invited")).toBeVisible();
    await expect(page.getByText("Not open to applicants aged 45 or over")).toHaveCount(3);
    await expectNoA11yViolations(page, "calculator result");
  });

  test("prints the result without the site's frame or the form", async ({ page, loginAs }) => {
    await loginAs("student", {
      to: `${PATH}?dateOfBirth=1996-05-10&invitationDate=2026-11-22&english=proficient&partner=skilled`,
    });
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByLabel("Date of birth")).toBeHidden();
    await expect(page.getByRole("button", { name: "Save to my account" })).toBeHidden();
    await expect(total(page)).toHaveText("50");
    await expect(page.getByRole("table")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form shows the points when sent, with errors linked from a summary", async ({ page, loginAs }) => {
    await loginAs("student", { to: PATH });
    await page.getByLabel(/^Superior English/).check();
    await page.getByRole("button", { name: "Show my points" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter your date of birth");
    await expect(page.getByRole("link", { name: "Choose your partner situation" })).toHaveAttribute("href", "#partner");

    await page.getByLabel("Date of birth").fill("1996-05-10");
    await page.getByLabel("Invitation date").fill("2026-11-22");
    await page.getByLabel(/^My partner has Competent English/).check();
    await page.getByRole("button", { name: "Show my points" }).click();
    // 30 + 20 Superior + 5 partner.
    await expect(total(page)).toHaveText("55");
    await page.getByRole("button", { name: "Save to my account" }).click();
    await expect(page.getByText("Result saved to your account.")).toBeVisible();
    await expect(page.getByTestId("au-points-saved")).toContainText("55 points");
    await expect(total(page)).toHaveText("55");
    await page.getByRole("button", { name: /^Delete the result of 55 points/ }).click();
    await expect(page.getByText("Saved result deleted.")).toBeVisible();
  });
});
