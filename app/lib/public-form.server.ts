import { data } from "react-router";
import type { Limit, RateLimiter } from "~/features/auth/rate-limit.server";

/** What the sender typed, sent back with the errors so nothing has to be typed again. */
export function keptValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 10_000) : "";
  }
  return values;
}

/** The honeypot field `website`: hidden from people, filled in by bots, who are told it worked while nothing is kept. */
export function honeypotFilled(form: FormData): boolean {
  const website = form.get("website");
  return typeof website === "string" && website.trim() !== "";
}

/** 429 with Retry-After, the form's values kept and a message naming what was sent too often ("messages"). */
export function tooMany<V>(values: V, seconds: number, what: string) {
  const minutes = Math.ceil(seconds / 60);
  return data(
    {
      values,
      fieldErrors: {},
      formError: `Too many ${what} have been sent from your connection in the last hour. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    },
    { status: 429, headers: { "Retry-After": String(seconds) } },
  );
}

/**
 * Counts an accepted post against the sender's limit; the seconds to wait when it goes over, else 0.
 * Counting before storing keeps the limit exact when several posts arrive at once.
 */
export async function spendLimit(rateLimiter: RateLimiter, key: string, limit: Limit): Promise<number> {
  if ((await rateLimiter.hit(key, limit)) <= limit.max) return 0;
  return Math.max(1, await rateLimiter.retryAfter(key, limit));
}
