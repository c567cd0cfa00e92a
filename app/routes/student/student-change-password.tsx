import { Form, data, redirect } from "react-router";
import { z } from "zod";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { requireUser } from "~/features/access/require-user.server";
import { siteOrigin } from "~/features/access/site-url.server";
import { newPasswordSchema } from "~/features/accounts/password-rule.server";
import { changePassword, tooManyTries } from "~/features/accounts/passwords.server";
import { sessionsContext } from "~/features/auth/context";
import { SESSION_COOKIE } from "~/features/auth/session.server";
import { outboxContext } from "~/features/email/context";
import { parseCookies } from "~/lib/cookies";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { pageTitle } from "~/lib/meta";
import { formOf } from "~/lib/request-body.server";
import { errorList, validate } from "~/lib/validation";
import { NewPasswordFields } from "~/features/accounts/components/new-password-fields";
import type { Route } from "./+types/student-change-password";

type Field = "current_password" | "password" | "confirm_password";
const FIELDS: readonly Field[] = ["current_password", "password", "confirm_password"];

function changeSchema(email: string) {
  return z
    .object({
      current_password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password"),
    })
    .and(newPasswordSchema(email));
}

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return null;
}

export async function action({ request, pattern, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await formOf(request);
  const parsed = validate<ReturnType<typeof changeSchema>, Field>(changeSchema(user.email), Object.fromEntries(form));
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const sessionToken = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE] ?? "";
  const outcome = await changePassword(
    {
      db: context.get(dbContext),
      outbox: context.get(outboxContext),
      now: context.get(clockContext)(),
      origin: siteOrigin(context),
      sessions: context.get(sessionsContext),
      limiter: context.get(rateLimiterContext),
    },
    user,
    sessionToken,
    { current: parsed.data.current_password, password: parsed.data.password },
  );
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

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Change your password") }];
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const errors: Partial<Record<Field, string>> = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Change your password</h1>
      <p className="mt-2 text-muted">Changing it logs you out on every other device.</p>
      <ErrorSummary formError={actionData?.formError} fields={errorList(errors, FIELDS)} answer={actionData} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current_password}
        />
        <NewPasswordFields errors={errors} />
        <SubmitButton>Change password</SubmitButton>
      </Form>
    </div>
  );
}
