import { expect, expectNoA11yViolations, test } from "./fixtures";

const VIDEO = "/cih/standard/uk-cv-in-two-pages";

test.describe("career video hub", () => {
  test("a student watches with captions, seeks from the transcript and finds their place again after a reload", async ({
    page,
    loginAs,
  }) => {
    await loginAs("student", { to: VIDEO });
    const video = page.locator("video");
    await expect(video).toHaveAttribute("poster", /\.jpg$/);
    await expect(video).not.toHaveAttribute("autoplay");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await expectNoA11yViolations(page);

    // Captions: on by the person's choice, kept for their next video.
    const always = page.getByRole("checkbox", { name: "Always show captions" });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/cih/preferences") && r.request().method() === "PUT",
    );
    await always.check();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe("showing");

    // A transcript line seeks the video there, and the place is saved.
    const transcript = page.getByRole("region", { name: "Transcript" });
    const line = transcript.getByRole("link").nth(3);
    const at = Number(new URL((await line.getAttribute("href"))!, "http://x").searchParams.get("t"));
    expect(at).toBeGreaterThan(5);
    const progress = page.waitForResponse(
      (r) => r.url().endsWith("/api/cih/progress/uk-cv-in-two-pages") && r.request().method() === "PUT",
    );
    await line.click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime))).toBe(at);
    expect((await progress).status()).toBe(200);
    await expect(transcript.locator('[aria-current="true"]').first()).toBeVisible();

    await page.reload();
    await expect(page.getByText(/Resumed at \d+:\d\d/)).toBeVisible();
    await expect
      .poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime)))
      .toBe(at);
    await expect
      .poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode))
      .toBe("showing");
  });

  test("a student saves a video, finds it in saved videos, and removes it", async ({ page, loginAs }) => {
    await loginAs("basicStudent", { to: VIDEO });
    await page.getByRole("button", { name: "Save for later" }).click();
    await expect(page.getByText("Video saved. Find it in Saved videos.")).toBeVisible();
    await page.goto("/cih/saved-videos");
    await expect(page.getByRole("link", { name: "A UK CV in two pages" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Remove A UK CV in two pages from saved videos" }).click();
    await expect(page.getByText("You have not saved any videos yet.")).toBeVisible();
  });

  test("the library searches what the videos say, and a search with nothing suggests a wider one", async ({ page }) => {
    await page.goto("/cih");
    await expect(page.getByRole("heading", { level: 1, name: "Career ignition hub" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto("/cih/standard");
    await page.getByLabel("Search videos").fill("interview");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=interview/);
    await expect(page.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel("Search videos").fill("zebra crossing");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No video matches this search.")).toBeVisible();
    await expect(page.getByRole("link", { name: "See every video" })).toBeVisible();
    await page.goto("/jumpstart/employability-video-guide");
    await expect(page.getByRole("heading", { level: 1, name: "Employability video guide" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("heading", { level: 3 }).first().getByRole("link").click();
    await expect(page).toHaveURL(/\/jumpstart\/employability-video-guide\/[a-z0-9-]+$/);
    await expect(page.locator("video")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a student without premium access is sent to /cih-ad and tells their careers service", async ({
    page,
    loginAs,
  }) => {
    await loginAs("basicStudent");
    await page.goto("/cih/premium");
    await expect(page).toHaveURL(/\/cih-ad$/);
    await expect(page.getByRole("heading", { level: 1, name: "Premium career courses" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Tell my careers service" }).click();
    await expect(
      page.getByText("Your careers service has been told that you would like the premium courses."),
    ).toBeVisible();
    await expect(page.getByText(/You told your careers service on/)).toBeVisible();
  });

  test("a premium student follows a course: lesson, reading, check and progress", async ({ page, loginAs }) => {
    await loginAs("student", { to: "/cih/premium" });
    await expectNoA11yViolations(page);
    await page
      .getByRole("link", { name: /Start the course|Continue the course/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/cih\/premium\/[a-z0-9-]+\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { name: "Check your understanding" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: "Check my answer" }).click();
    await expect(page.getByText(/^(Right\.|Not quite)/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Next lesson", exact: true })).toBeVisible();
  });
});
