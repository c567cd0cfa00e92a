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
 * What `store` throws when the valid form cannot be taken after all (the meeting slot chosen has
 * just been booked): the form is shown again with the message, at `status`, nothing stored.
 */
export class FormRefusal extends Error {
  constructor(
    readonly status: 404 | 409 | 410 | 422,
    readonly formError: string,
    readonly fieldErrors: Partial<Record<string, string>> = {},
  ) {
    super(formError);
  }
}

/**
 * A public form post from start to finish: honeypot, per-client limit, validation (400 with every
 * field's error and the typed values), a second limit on what the form names if asked, then storing
 * and redirecting to the confirmation (303), or the form again if storing refused it.
 */
export async function receivePublicForm<K extends string, S extends z.ZodType>(opts: {
  request: Request;
  /** The form, when the action has read it already (to see which of its forms was sent). */
  form?: FormData;
  limiter: Limiter;
  /** The sender's rate-limit key and its limit; `what` names the posts in the 429 message ("messages"). */
  key: string;
  limit: Limit;
  /** A second limit, on what the valid form names (its email address): counted once the form is valid. */
  alsoLimit?: (data: z.output<S>) => { key: string; limit: Limit };
  what: string;
  kept: readonly K[];
  schema: S;
  /** Stores what was sent; may answer `{ next }`, where to go when that depends on it (else `sent`). */
  store(data: z.output<S>): Promise<unknown>;
  sent: string;
  /** Headers of the redirect once sent (a flash message), the honeypot's pretended success alike. */
  headers?: HeadersInit;
}) {
  const form = opts.form ?? (await formOf(opts.request));
  if (honeypotFilled(form)) return redirect(opts.sent, { status: 303, headers: opts.headers });
  const values = keptValues(form, opts.kept);
  return underLimit<Response | UNSAFE_DataWithResponseInit<FormState<Record<K, string>>>>(
    opts.limiter,
    opts.key,
    opts.limit,
    (seconds) => tooManyRequests(values, seconds, opts.what, opts.limit.windowSeconds),
    async (accept) => {
      const result = validate(opts.schema, Object.fromEntries(form));
      if (!result.success)
        return data<FormState<Record<K, string>>>(
          { values, fieldErrors: result.fieldErrors, formError: null },
          { status: 400 },
        );
      const refused = await accept();
      if (refused) return refused;
      if (opts.alsoLimit) {
        const { key, limit } = opts.alsoLimit(result.data);
        const over = await opts.limiter.spend(key, limit);
        if (over > 0) return tooManyRequests(values, over, opts.what, limit.windowSeconds);
      }
      let stored: unknown;
      try {
        stored = await opts.store(result.data);
      } catch (error) {
        if (!(error instanceof FormRefusal)) throw error;
        return data<FormState<Record<K, string>>>(
          { values, fieldErrors: error.fieldErrors, formError: error.formError },
          { status: error.status },
        );
      }
      const next =
        stored && typeof stored === "object" && "next" in stored && typeof stored.next === "string"
          ? stored.next
          : opts.sent;
      return redirect(next, { status: 303, headers: opts.headers });
    },
  );
}
