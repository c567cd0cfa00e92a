import { type RouterContextProvider, data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/features/access/index.server";
import { SESSION_COOKIE } from "~/features/auth/index.server";
import { parseCookies } from "~/lib/cookies";
import { configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { formOf } from "~/lib/request-body.server";
import { validate } from "~/lib/validation";
import { accountDeps } from "./deps.server";
import { newPasswordSchema } from "./password-rule.server";
import { changePassword, tooManyTries } from "./passwords.server";

export type ChangePasswordField = "current_password" | "password" | "confirm_password";
export type ChangePasswordAnswer = {
  fieldErrors: Partial<Record<ChangePasswordField, string>>;
  formError: string | null;
};

function changeSchema(email: string) {
  return z
    .object({
      current_password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password"),
    })
    .and(newPasswordSchema(email));
}

/**
 * /student-change-password and /jumpstart-change-password (`pattern`, where the form comes back): the
 * new password once the current one is right, and every other session of the account ends.
 */
export async function changePasswordAction(
  request: Request,
  pattern: string,
  context: Readonly<RouterContextProvider>,
) {
  const user = requireUser(context);
  const form = await formOf(request);
  const parsed = validate<ReturnType<typeof changeSchema>, ChangePasswordField>(
    changeSchema(user.email),
    Object.fromEntries(form),
  );
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const sessionToken = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE] ?? "";
  const outcome = await changePassword(accountDeps(request, context), user, sessionToken, {
    current: parsed.data.current_password,
    password: parsed.data.password,
  });
  if (!outcome.ok && "retryAfterSeconds" in outcome) {
    return data(
      { fieldErrors: {}, formError: tooManyTries(outcome.retryAfterSeconds, "your current password") },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (!outcome.ok) return data({ fieldErrors: { [outcome.field]: outcome.message }, formError: null }, { status: 400 });
  return redirect(pattern, {
    status: 303,
    headers: {
      "Set-Cookie": flashCookie(
        context.get(configContext),
        "Your password has been changed. You have been logged out everywhere else.",
      ),
    },
  });
}
