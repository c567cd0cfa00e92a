/** At most `max` accepted actions per key in each window of `windowSeconds`. */
export type Limit = { max: number; windowSeconds: number };

/** What counts actions against limits (the database's RateLimiter; anything with these two methods). */
export type Limiter = {
  /** Seconds until `key` may act again, or 0; counts nothing. */
  retryAfter(key: string, limit: Limit): Promise<number>;
  /** Counts one action and answers the seconds to wait when it went over, or 0. */
  spend(key: string, limit: Limit): Promise<number>;
};

/**
 * An action under a rate limit, the way every limited form and button works: a sender already over
 * the limit is refused before anything else (even a form with mistakes), and `act` calls `accept()`
 * where the action counts (once its input is valid), which refuses too if this one goes over.
 * Counting before doing keeps the limit exact when several requests arrive at once.
 */
export async function underLimit<T>(
  limiter: Limiter,
  key: string,
  limit: Limit,
  refuse: (seconds: number) => T,
  act: (accept: () => Promise<T | null>) => Promise<T>,
): Promise<T> {
  const wait = await limiter.retryAfter(key, limit);
  if (wait > 0) return refuse(wait);
  return act(async () => {
    const over = await limiter.spend(key, limit);
    return over > 0 ? refuse(over) : null;
  });
}
