import type { Locator, Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures";

// Real pages under the production Content-Security-Policy (app/lib/csp.server.ts), in Chromium:
// nothing may be refused, and each page must hydrate, which it cannot if its scripts are refused.

const MICROSITE = `http://demo-university.localhost:${process.env.E2E_PORT ?? 3210}`;

/** Collects every refusal the page reports, as an event or as Chromium's console message. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${e.effectiveDirective} refused ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) violations.push(m.text());
  });
  return violations;
}

/** The page really was under the strict policy, so an empty list of refusals means something. */
function expectStrictPolicy(response: Response | null) {
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+=*'/);
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/]+=*'/);
  expect(policy).not.toContain("unsafe-inline");
}

/** Follows `link` and checks React Router handled it in the page: the document (and a marker in it) survives. */
async function expectClientNavigation(page: Page, link: Locator, heading: string | RegExp) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

test.describe("the Content-Security-Policy", () => {
  test("the home page runs its scripts, keeps its country colour and navigates in the page", async ({ page }) => {
    const violations = await watchViolations(page);
    expectStrictPolicy(await page.goto("/"));
    // #1d4ed8, the UK variant's accent, now a class rather than a refused style attribute.
    await expect(page.locator("section[data-country]")).toHaveCSS("background-color", "rgb(29, 78, 216)");
    await expectClientNavigation(
      page,
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }),
      "Career advice blog",
    );
    expect(violations).toEqual([]);
  });

  test("a blog post loads and moves on to a related post in the page", async ({ page }) => {
    const violations = await watchViolations(page);
    expectStrictPolicy(await page.goto("/blog/star-method-competency-interviews"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/STAR method/);
    const related = page.getByRole("region", { name: "Related articles" }).getByRole("link").first();
    const title = (await related.textContent())!;
    await expectClientNavigation(page, related, title);
    expect(violations).toEqual([]);
  });

  test("the points calculator answers as the student changes an answer", async ({ page, loginAs }) => {
    const violations = await watchViolations(page);
    await loginAs("student");
    const response = await page.goto(
      "/skilled-migration-points-calculator-australia?dateOfBirth=1996-05-10&invitationDate=2026-11-22&english=proficient&partner=skilled",
    );
    expectStrictPolicy(response);
    // 30 for age 30, 10 for Proficient English, 10 for a skilled partner.
    await expect(page.getByTestId("au-points-total")).toHaveText("50");
    await page.getByLabel(/^Superior English/).check();
    // Superior English is worth 20: only the page's script can recount without a round trip.
    await expect(page.getByTestId("au-points-total")).toHaveText("60");
    // The print rules, in app.css rather than a page <style>, leave the site's frame off paper.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    expect(violations).toEqual([]);
  });

  test("Contact us formats a phone number as it is typed", async ({ page }) => {
    const violations = await watchViolations(page);
    expectStrictPolicy(await page.goto("/contact-us"));
    // The country comes from /api/ip-country, a same-origin fetch the policy must let through.
    await expect(page.getByRole("combobox", { name: /^Country:/ })).toHaveAccessibleName(/^Country: /);
    await page.getByLabel("Phone number").pressSequentially("02079460000");
    await expect(page.getByLabel("Phone number")).toHaveValue("020 7946 0000");
    expect(violations).toEqual([]);
  });

  test("a microsite keeps its brand colour, now set by the root's nonced style element", async ({ page }) => {
    const violations = await watchViolations(page);
    expectStrictPolicy(await page.goto(`${MICROSITE}/login`));
    // #6d28d9 is Demo University's colour in the demo data.
    await expect(page.getByRole("banner")).toHaveCSS("background-color", "rgb(109, 40, 217)");
    await expectClientNavigation(
      page,
      page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }),
      "Privacy policy",
    );
    await expect(page.getByRole("banner")).toHaveCSS("background-color", "rgb(109, 40, 217)");
    expect(violations).toEqual([]);
  });
});
