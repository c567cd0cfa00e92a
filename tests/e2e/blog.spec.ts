import { expect, expectNoA11yViolations, test } from "./fixtures";

// The blog and the success-story form, driven as a reader would, in Chromium.

test.describe("the blog", () => {
  test("a reader opens a post from the list and moves on to a related one", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Career advice blog");
    await expectNoA11yViolations(page, "/blog");

    const first = page.getByRole("main").getByRole("heading", { level: 2 }).getByRole("link").first();
    const title = await first.textContent();
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
    const byline = page.getByRole("article").getByText(/^By .+ · Published .+ min read$/);
    await expect(byline).toBeVisible();
    await expect(byline.getByRole("link")).toHaveAttribute("rel", "author");
    await expectNoA11yViolations(page, "a post");

    const related = page.getByRole("region", { name: "Related articles" }).getByRole("link").first();
    const relatedTitle = await related.textContent();
    await related.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(relatedTitle!);
  });

  test("a reader searches, finds nothing, then browses a category", async ({ page }) => {
    await page.goto("/blog");
    await page.getByLabel("Search articles").fill("STAR method");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\?q=STAR\+method/);
    await expect(page.getByRole("link", { name: /STAR method/ })).toBeVisible();

    await page.getByLabel("Search articles").fill("zzqxv plover");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "No articles match “zzqxv plover”" })).toBeVisible();
    await expectNoA11yViolations(page, "/blog with no results");
    await page
      .getByRole("navigation", { name: "Blog categories" })
      .getByRole("link", { name: "Hiring trends" })
      .click();
    await expect(page).toHaveURL("/blog/hiring-trends");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hiring trends");
  });

  test("pages through the list by keyboard", async ({ page }) => {
    await page.goto("/blog");
    const next = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/blog?page=2");
    await expect(page.getByRole("status").filter({ hasText: "page 2 of 2" })).toBeVisible();
  });
});

test("success stories, case studies and an author page pass axe", async ({ page }) => {
  await page.goto("/success-stories");
  await expect(page.getByRole("article")).toHaveCount(6);
  await expectNoA11yViolations(page, "/success-stories");
  await page.goto("/uni-case-study");
  await page.getByRole("main").getByRole("heading", { level: 2 }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/university-case-study\/[a-z0-9-]+$/);
  await expectNoA11yViolations(page, "a university case study");
  await page.goto("/blog/masters-and-graduate-jobs-with-2-2-degree");
  await page.locator('a[rel="author"]').click();
  await expect(page.getByRole("heading", { level: 2, name: /^Articles by / })).toBeVisible();
  await expectNoA11yViolations(page, "an author page");
});

test.describe("sharing a success story", () => {
  test("a bad phone number is explained; a good one is accepted and the story waits for approval", async ({ page }) => {
    await page.route("**/api/ip-country", (route) =>
      route.fulfill({ body: "1;GB;GBR;United Kingdom", contentType: "text/plain" }),
    );
    await page.goto("/share-your-success-story");
    await expectNoA11yViolations(page, "/share-your-success-story");

    await page.getByLabel("Your name", { exact: true }).fill("Ravi P.");
    await page.getByLabel("Email").fill("ravi@example.com");
    await page.getByLabel("Phone number").pressSequentially("0207");
    await page.getByLabel("University", { exact: true }).fill("University of Glasgow");
    await page.getByLabel("Course", { exact: true }).fill("MSc Software Engineering");
    await page.getByLabel("Home country", { exact: true }).fill("India");
    await page.getByLabel("Job title", { exact: true }).fill("Graduate Software Engineer");
    await page.getByLabel("Employer", { exact: true }).fill("A Glasgow fintech");
    const story =
      "I started applying in October of my master's year and kept a spreadsheet of every application. A Rapeseed-marker sentence. ";
    await page.getByLabel("Your story").fill(story.repeat(2));
    await page.getByLabel(/I agree that my story/).check();
    await page.getByRole("button", { name: "Send my story" }).click();

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("There is a problem");
    await expect(alert.getByRole("link")).toHaveText([/phone|number/i]);
    await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("University", { exact: true })).toHaveValue("University of Glasgow");
    await expectNoA11yViolations(page, "/share-your-success-story with errors");

    await page.getByLabel("Phone number").fill("");
    await page.getByLabel("Phone number").pressSequentially("020 7946 0000");
    await page.getByRole("button", { name: "Send my story" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your story");

    await page.goto("/success-stories");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Success stories");
    await expect(page.getByText("Rapeseed-marker sentence")).toHaveCount(0);
  });
});
