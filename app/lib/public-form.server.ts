import { type UNSAFE_DataWithResponseInit, data, redirect } from "react-router";
import type { z } from "zod";
import { type Limit, type Limiter, underLimit } from "./rate-limit";
import { type FormState, formOf, keptValues, tooManyRequests } from "./request-body.server";
import { validate } from "./validation";

/** The honeypot field `website`: hidden from people, filled in by bots, who are told it worked while nothing is kept. */
function honeypotFilled(form: FormData): boolean {
  const website = form.get("website");
  return typeof website === "string" && website.trim() !== "";
}

/**
 * A public form post from start to finish: honeypot, per-client limit, validation (400 with every
 * field's error and the typed values), a second limit on what the form names if asked, then storing
 * and redirecting to the confirmation (303).
 */
export async function receivePublicForm<K extends string, S extends z.ZodType>(opts: {
  request: Request;
  limiter: Limiter;
  /** The sender's rate-limit key and its limit; `what` names the posts in the 429 message ("messages"). */
  key: string;
  limit: Limit;
  /** A second limit, on what the valid form names (its email address): counted once the form is valid. */
  alsoLimit?: (data: z.output<S>) => { key: string; limit: Limit };
  what: string;
  kept: readonly K[];
  schema: S;
  store(data: z.output<S>): Promise<unknown>;
  sent: string;
}) {
  const form = await formOf(opts.request);
  if (honeypotFilled(form)) return redirect(opts.sent, { status: 303 });
  const values = keptValues(form, opts.kept);
  return underLimit<Response | UNSAFE_DataWithResponseInit<FormState<Record<K, string>>>>(
    opts.limiter,
    opts.key,
    opts.limit,
    (seconds) => tooManyRequests(values, seconds, opts.what),
    async (accept) => {
      const result = validate(opts.schema, Object.fromEntries(form));
      if (!result.success) return data<FormState<Record<K, string>>>({ values, fieldErrors: result.fieldErrors, formError: null }, { status: 400 });
      const refused = await accept();
      if (refused) return refused;
      if (opts.alsoLimit) {
        const { key, limit } = opts.alsoLimit(result.data);
        const over = await opts.limiter.spend(key, limit);
        if (over > 0) return tooManyRequests(values, over, opts.what);
      }
      await opts.store(result.data);
      return redirect(opts.sent, { status: 303 });
    },
  );
}
