import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { type Clock, systemClock } from "~/lib/clock";
import type { Limit, Limiter } from "~/lib/rate-limit";

export type { Limit };

/** Fixed-window counters in the database, so every server instance shares them. */
export class RateLimiter implements Limiter {
  constructor(
    private db: Db,
    private clock: Clock = systemClock,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is under its limit. */
  async retryAfter(key: string, limit: Limit): Promise<number> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.count < limit.max) return 0;
    const endsAt = row.windowStart.getTime() + limit.windowSeconds * 1000;
    return Math.max(0, Math.ceil((endsAt - this.clock().getTime()) / 1000));
  }

  /**
   * Counts an accepted action against its limit: 0 when it is within, else the seconds to wait.
   * Counting before doing keeps the limit exact when several requests arrive at once.
   */
  async spend(key: string, limit: Limit): Promise<number> {
    const { count, windowStart } = await this.count(key, limit);
    if (count <= limit.max) return 0;
    return Math.max(1, Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - this.clock().getTime()) / 1000));
  }

  /** Counts one action in one statement; a window older than the limit's starts afresh. */
  private async count(key: string, limit: Limit): Promise<{ count: number; windowStart: Date }> {
    const now = this.clock();
    const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
    return row ?? { count: 1, windowStart: now };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Gives back one counted action (one that turned out not to be what the limit is about). */
  async refund(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0)));
  }
}
