import fs from "node:fs";

// Debian's Chromium, as the end-to-end tests and the Lighthouse benchmark start it: no browser is
// downloaded on this machine, and a headless run does no background networking of its own.
export const CHROMIUM_PATH = "/usr/bin/chromium";

// The end-to-end tests prefer Debian's chromium-headless-shell (the same engine without the
// browser's UI layer, what Playwright itself uses headless): the suite took a quarter less time on
// it (204 s against 267 s on this machine). Lighthouse keeps the full browser, whose numbers it is
// calibrated on.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const E2E_CHROMIUM_PATH = fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH;

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The end-to-end tests' Chromium also keeps a tab's frame from one page to the next of the same site
 * (no RenderDocument, Chromium's new frame for every document): no web-visible difference, and on this
 * machine, where memory touched for the first time is dear, 15 % fewer page faults and a tenth less CPU
 * a navigation (docs/testing.md). Its V8 stops at the baseline compiler (Sparkplug): a test's page lives
 * for a second or two, too short for what Maglev and TurboFan spend optimising to pay back. The suite
 * alone 170 and 176 core-s against 193 and 200 (Maglev kept: 177 and 180; the interpreter alone: 183),
 * 2026-11-30. Lighthouse keeps Chromium as people run it.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, "--disable-features=RenderDocument", "--js-flags=--max-opt=1"];
