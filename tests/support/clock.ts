import type { Clock } from "~/lib/clock";

/** A clock that stands still until a test moves it, so nothing waits for real time to pass. */
export function manualClock(start = new Date("2026-06-01T09:00:00Z")): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return Object.assign(() => new Date(now), { advance: (ms: number) => void (now += ms) });
}
