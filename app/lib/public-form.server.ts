import { data, redirect } from "react-router";
import type { Limit, RateLimiter } from "~/features/auth/rate-limit.server";

/** What the sender typed, sent back with the errors so nothing has to be typed again. */
function keptValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 10_000) : "";
  }
  return values;
}

/** The honeypot field `website`: hidden from people, filled in by bots, who are told it worked while nothing is kept. */
function honeypotFilled(form: FormData): boolean {
  const website = form.get("website");
  return typeof website === "string" && website.trim() !== "";
}

/** 429 with Retry-After, the form's values kept and a message naming what was sent too often ("messages"). */
function tooMany<V>(values: V, seconds: number, what: string) {
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

type Validation<T, E> = { success: true; data: T } | { success: false; fieldErrors: E };

/**
 * A public form post from start to finish: honeypot, per-address limit, validation (400 with every
 * field's error and the typed values), then storing and redirecting to the confirmation (303).
 */
export async function receivePublicForm<K extends string, T, E extends object>(opts: {
  request: Request;
  rateLimiter: RateLimiter;
  /** The sender's rate-limit key and its limit; `what` names the posts in the 429 message ("messages"). */
  key: string;
  limit: Limit;
  what: string;
  kept: readonly K[];
  validate(raw: Record<string, unknown>): Validation<T, E>;
  store(data: T): Promise<unknown>;
  sent: string;
}) {
  const form = await opts.request.formData();
  if (honeypotFilled(form)) return redirect(opts.sent, { status: 303 });
  const values = keptValues(form, opts.kept);
  const wait = await opts.rateLimiter.retryAfter(opts.key, opts.limit);
  if (wait > 0) return tooMany(values, wait, opts.what);

  const result = opts.validate(Object.fromEntries(form));
  if (!result.success) return data({ values, fieldErrors: result.fieldErrors, formError: null }, { status: 400 });
  const over = await opts.rateLimiter.spend(opts.key, opts.limit);
  if (over) return tooMany(values, over, opts.what);
  await opts.store(result.data);
  return redirect(opts.sent, { status: 303 });
}
