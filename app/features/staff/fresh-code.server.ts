import type { RouterContextProvider } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { SessionUser } from "~/features/auth";
import { clockContext, configContext } from "~/lib/context";
import { secretsKey } from "~/lib/secret-box.server";
import { acceptFreshCode } from "./authenticator.server";
import { SECOND_FACTOR_LIMIT, secondFactorLimitKey } from "./second-factor-page.server";

/** The name of the field a sensitive action's form carries ("Authentication code", `FreshCodeField`). */
const FRESH_CODE_FIELD = "code";

/**
 * A sensitive action of the console (changing a university's plan, granting flags, ending someone's
 * sessions) asks for a fresh authenticator code: null when the form's code is one, else what to say
 * beside the field. Tries count against the same limit as the login's codes, before the check.
 */
export async function freshCodeProblem(
  context: Readonly<RouterContextProvider>,
  staff: SessionUser,
  form: FormData,
): Promise<string | null> {
  const typed = form.get(FRESH_CODE_FIELD);
  if (typeof typed !== "string" || !typed.trim()) return "Enter the authentication code from your app";
  const wait = await context.get(rateLimiterContext).spend(secondFactorLimitKey(staff.id), SECOND_FACTOR_LIMIT);
  if (wait > 0) return `Too many codes tried. Wait ${Math.ceil(wait / 60)} minutes and try again.`;
  const ok = await acceptFreshCode(
    context.get(dbContext),
    secretsKey(context.get(configContext)),
    staff.id,
    typed.slice(0, 64),
    context.get(clockContext)(),
  );
  return ok ? null : "That code is not right, or has been used already. Enter the code your app shows now.";
}
