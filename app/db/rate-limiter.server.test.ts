import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { manualClock } from "../../tests/support/clock";
import { createTestDatabase } from "../../tests/support/test-db";
import { RateLimiter } from "./rate-limiter.server";

let database: Database;
let limiter: RateLimiter;
const clock = manualClock();
beforeAll(async () => {
  database = await createTestDatabase();
  limiter = new RateLimiter(database.db, clock);
});
afterAll(() => database.close());

const LIMIT = { max: 2, windowSeconds: 600 };

describe("RateLimiter.spend", () => {
  it("lets `max` actions through, then answers the seconds left in the window", async () => {
    expect(await limiter.spend("a", LIMIT)).toBe(0);
    expect(await limiter.spend("a", LIMIT)).toBe(0);
    expect(await limiter.spend("a", LIMIT)).toBe(600);
    clock.advance(10_500);
    // The same window seen by the check that comes before an action, rounded up to whole seconds.
    expect(await limiter.retryAfter("a", LIMIT)).toBe(590);
    expect(await limiter.spend("a", LIMIT)).toBe(590);
    expect(await limiter.spend("b", LIMIT)).toBe(0);
  });

  it("starts a new window once the old one has passed", async () => {
    clock.advance(589_499);
    expect(await limiter.retryAfter("a", LIMIT)).toBe(1);
    clock.advance(1);
    // The window of "a" began 600 s ago: it is over.
    expect(await limiter.spend("a", LIMIT)).toBe(0);
    expect(await limiter.retryAfter("a", LIMIT)).toBe(0);
  });
});
