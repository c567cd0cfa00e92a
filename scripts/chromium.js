// Debian's Chromium, as the end-to-end tests and the Lighthouse benchmark start it: no browser is
// downloaded on this machine, and a headless run does no background networking of its own.
export const CHROMIUM_PATH = "/usr/bin/chromium";

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
