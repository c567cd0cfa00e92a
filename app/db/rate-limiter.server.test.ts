import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { RateLimiter } from "./rate-limiter.server";

let database: Database;
let limiter: RateLimiter;
beforeAll(async () => {
  database = await createTestDatabase();
  limiter = new RateLimiter(database.db);
});
afterAll(() => database.close());

const LIMIT = { max: 2, windowSeconds: 600 };

describe("RateLimiter.spend", () => {
  it("lets `max` actions through, then answers the seconds left in the window", async () => {
    expect(await limiter.spend("a", LIMIT)).toBe(0);
    expect(await limiter.spend("a", LIMIT)).toBe(0);
    const wait = await limiter.spend("a", LIMIT);
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    // The same window seen by the check that comes before an action (a second may tick between the two).
    expect(wait - (await limiter.retryAfter("a", LIMIT))).toBeOneOf([0, 1]);
    expect(await limiter.spend("b", LIMIT)).toBe(0);
  });

  it("starts a new window once the old one has passed", async () => {
    await database.db.update(rateLimits).set({ windowStart: new Date(Date.now() - 601_000) }).where(eq(rateLimits.key, "a"));
    expect(await limiter.spend("a", LIMIT)).toBe(0);
    expect(await limiter.retryAfter("a", LIMIT)).toBe(0);
  });
});
