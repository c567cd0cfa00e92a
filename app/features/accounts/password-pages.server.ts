import { SITE_NAME } from "~/lib/meta";
import { eq } from "drizzle-orm";
import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import { dbContext, rateLimiterContext } from "~/db/context";
import { users } from "~/db/schema";
import { clientIpContext, clockContext, configContext } from "~/lib/context";
import { EmailField } from "~/lib/email-field";
import { flashCookie } from "~/lib/flash.server";
import { receivePublicForm } from "~/lib/public-form.server";
import { formOf } from "~/lib/request-body.server";
import { validate } from "~/lib/validation";
import { accountDeps } from "./deps.server";
import { newPasswordSchema } from "./password-rule.server";
import { RESET_LIMITS, requestPasswordReset, resetPassword } from "./passwords.server";
import { checkToken, tokenProblem } from "~/db/tokens.server";
import { universityOr404 } from "./university.server";

/** /forgot-password/{university_id} asks for a reset link; /reset-password/{token} is where the link leads. */

type Context = Readonly<RouterContextProvider>;
type Field = "password" | "confirm_password";

const ResetRequestSchema = z.object({ email: EmailField });

/**
 * A reset link asked for on a university's page, or on the main site's (`universityParam` null) by an
 * account of no university: an employer, a member of the platform's staff. Any account's address works.
 */
export async function askForPasswordReset(request: Request, universityParam: string | null, context: Context) {
  const university = universityParam === null ? null : await universityOr404(context.get(dbContext), universityParam);
  return receivePublicForm({
    request,
    limiter: context.get(rateLimiterContext),
    key: `reset:client:${context.get(clientIpContext)}`,
    limit: RESET_LIMITS.client,
    alsoLimit: ({ email }) => ({ key: `reset:address:${email.toLowerCase()}`, limit: RESET_LIMITS.address }),
    what: "reset links",
    kept: ["email"],
    schema: ResetRequestSchema,
    store: ({ email }) => requestPasswordReset(accountDeps(request, context), email),
    // The same answer whether or not an account uses the address.
    sent: university ? `/forgot-password/${university.slug}?sent=1` : "/forgot-password?sent=1",
  });
}

export async function loadResetPassword(token: string, context: Context) {
  const check = await checkToken(context.get(dbContext), token, "reset_password", context.get(clockContext)());
  if (check.ok) return { problem: null };
  return data(
    { problem: tokenProblem(check.reason, "password reset") },
    { status: check.reason === "unknown" ? 404 : 410 },
  );
}

export async function chooseNewPassword(request: Request, token: string, context: Context) {
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const form = await formOf(request);
  const check = await checkToken(db, token, "reset_password", now);
  if (!check.ok)
    return data({ fieldErrors: {}, formError: tokenProblem(check.reason, "password reset") }, { status: 410 });
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, check.userId));
  const parsed = validate<ReturnType<typeof newPasswordSchema>, Field>(
    newPasswordSchema(account?.email),
    Object.fromEntries(form),
  );
  // A refused password leaves the link as it was: it still works for the next try.
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const outcome = await resetPassword(accountDeps(request, context), token, parsed.data.password);
  if (!outcome.ok)
    return data({ fieldErrors: {}, formError: tokenProblem(outcome.reason, "password reset") }, { status: 410 });
  return redirect("/login", {
    status: 303,
    headers: {
      "Set-Cookie": flashCookie(
        context.get(configContext),
        "Your password has been changed. Log in with your new password.",
      ),
    },
  });
}

/** The main site's page for accounts of no university. */
export function loadMainForgotPassword(url: URL) {
  return { university: { name: SITE_NAME }, sent: url.searchParams.get("sent") === "1" };
}
