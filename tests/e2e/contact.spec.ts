import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

// The telephone input on the Contact us form (issue 3), driven as a person would, in Chromium.

const selector = (page: Page) => page.getByRole("combobox", { name: /^Country:/ });
const phone = (page: Page) => page.getByLabel("Phone number");
const activeOption = async (page: Page) => {
  const id = await selector(page).getAttribute("aria-activedescendant");
  return page.locator(`[id="${id}"]`).getAttribute("aria-label");
};

test.describe("the phone field on /contact-us", () => {
  test("falls back to the UK when the IP look-up fails, and warns", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    await page.route("**/api/ip-country", (route) => route.abort());
    await page.goto("/contact-us");
    await expect(selector(page)).toHaveAccessibleName("Country: United Kingdom +44");
    await expect.poll(() => warnings).toContain("unable to fetch the country");
  });

  test("takes the country from the IP look-up when it answers", async ({ page }) => {
    await page.route("**/api/ip-country", (route) =>
      route.fulfill({ body: "1;IE;IRL;Ireland", contentType: "text/plain" }),
    );
    await page.goto("/contact-us");
    await expect(selector(page)).toHaveAccessibleName("Country: Ireland +353");
  });

  test("formats a national number and lets the flag follow a typed dial code", async ({ page }) => {
    await page.goto("/contact-us");
    await phone(page).pressSequentially("02079460000");
    await expect(phone(page)).toHaveValue("020 7946 0000");
    await phone(page).fill("");
    await phone(page).pressSequentially("+33612345678");
    await expect(phone(page)).toHaveValue("+33 6 12 34 56 78");
    await expect(selector(page)).toHaveAccessibleName("Country: France +33");
    // The flag is France's SVG file, decorative, and it has loaded (an image, not letters as emoji show on Windows).
    const flag = selector(page).locator("img");
    await expect(flag).toHaveAttribute("src", /\/assets\/FR-[\w-]+\.svg$/);
    await expect(flag).toHaveAttribute("alt", "");
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("works by keyboard alone: arrows, Enter, Escape, Tab", async ({ page }) => {
    await page.goto("/contact-us");
    await page.getByLabel("Email").focus();
    await page.keyboard.press("Tab");
    await expect(selector(page)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(selector(page)).toHaveAttribute("aria-expanded", "true");
    expect(await activeOption(page)).toBe("United Kingdom +44");
    await page.keyboard.press("ArrowDown"); // the preferred countries come first: GB, IE, AU, CA
    expect(await activeOption(page)).toBe("Ireland +353");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    expect(await activeOption(page)).toBe("Ireland +353");
    await page.keyboard.press("Enter");
    await expect(selector(page)).toHaveAccessibleName("Country: Ireland +353");
    await expect(selector(page)).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(selector(page)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(phone(page)).toBeFocused();
  });

  test("finds a country by typed letters, forgetting them 700 ms after the last key", async ({ page }) => {
    // The page's clock stands still from here on, and moves only when the test says so.
    await page.clock.install({ time: new Date("2026-11-22T10:00:00Z") });
    await page.goto("/contact-us");
    await page.clock.pauseAt(new Date("2026-11-22T10:01:00Z"));
    await selector(page).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("g");
    await page.keyboard.press("e");
    expect(await activeOption(page)).toBe("Georgia +995");
    await page.clock.runFor(699);
    await page.keyboard.press("r");
    expect(await activeOption(page)).toBe("Germany +49");
    await page.clock.runFor(700);
    // Forgotten: "i" alone now finds the first "I" in the list (Ireland, a preferred country on top);
    // without the reset "geri" would match nothing and Germany would stay.
    await page.keyboard.press("i");
    expect(await activeOption(page)).toBe("Ireland +353");
    await page.keyboard.press("Enter");
    await expect(selector(page)).toHaveAccessibleName("Country: Ireland +353");
  });

  test("closes on a click outside", async ({ page }) => {
    await page.goto("/contact-us");
    await selector(page).click();
    await expect(page.getByRole("listbox")).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(page.getByRole("listbox")).toHaveCount(0);
  });

  test("opens upward near the bottom of the window", async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 1400 });
    await page.goto("/contact-us");
    await selector(page).click();
    await expect(page.getByRole("listbox").locator("..")).toHaveAttribute("data-placement", "bottom");
    await page.keyboard.press("Escape");
    // A window that ends 120 px below the selector.
    const box = (await selector(page).boundingBox())!;
    await page.setViewportSize({ width: 1000, height: Math.round(box.y + box.height + 120) });
    await selector(page).click();
    await expect(page.getByRole("listbox").locator("..")).toHaveAttribute("data-placement", "top");
  });

  test("the server refuses an invalid number and keeps what was typed", async ({ page }) => {
    await page.goto("/contact-us");
    await page.getByLabel("Name").fill("Amara Obi");
    await page.getByLabel("Email").fill("amara@example.com");
    await phone(page).pressSequentially("020 79");
    await page.getByLabel("Subject").fill("Graduate visa question");
    await page.getByLabel("Message").fill("Can an employer on the register sponsor me after my course?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toContainText(/too short/);
    await expect(phone(page)).toHaveValue("020 79");
    await expect(page.getByLabel("Name")).toHaveValue("Amara Obi");
    await expect(page.getByLabel("Message")).toHaveValue("Can an employer on the register sponsor me after my course?");
    await expect(phone(page)).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page, "contact form with errors");

    await phone(page).fill("");
    await phone(page).pressSequentially("02079460000");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact-us\?sent=1$/);
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
  });

  test("axe finds nothing on the form, with the list open", async ({ page }) => {
    await page.goto("/contact-us");
    await expectNoA11yViolations(page, "contact form");
    await selector(page).click();
    await expectNoA11yViolations(page, "contact form, country list open");
  });
});
