import { eq } from "drizzle-orm";
import { Form, Link, data, redirect } from "react-router";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { dbContext } from "~/db/context";
import { users } from "~/db/schema";
import { newPasswordSchema } from "~/features/accounts/password-rule.server";
import { resetPassword } from "~/features/accounts/passwords.server";
import { checkToken, tokenProblem } from "~/features/accounts/tokens.server";
import { clockContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { pageTitle } from "~/lib/meta";
import { formOf } from "~/lib/request-body.server";
import { errorList, validate } from "~/lib/validation";
import { NewPasswordFields } from "~/features/accounts/components/new-password-fields";
import { LinkProblem } from "~/features/accounts/components/link-problem";
import { accountDeps } from "~/features/accounts/deps.server";
import type { Route } from "./+types/reset-password.$token";

type Field = "password" | "confirm_password";
const ASK_AGAIN = "/login?next=forgot-password";

export async function loader({ params, context }: Route.LoaderArgs) {
  const check = await checkToken(context.get(dbContext), params.token, "reset_password", context.get(clockContext)());
  if (check.ok) return { problem: null };
  return data(
    { problem: tokenProblem(check.reason, "password reset") },
    { status: check.reason === "unknown" ? 404 : 410 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const form = await formOf(request);
  const check = await checkToken(db, params.token, "reset_password", now);
  if (!check.ok)
    return data({ fieldErrors: {}, formError: tokenProblem(check.reason, "password reset") }, { status: 410 });
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, check.userId));
  const parsed = validate<ReturnType<typeof newPasswordSchema>, Field>(
    newPasswordSchema(account?.email),
    Object.fromEntries(form),
  );
  // A refused password leaves the link as it was: it still works for the next try.
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const outcome = await resetPassword(accountDeps(request, context), params.token, parsed.data.password);
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

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  // The address holds a secret: no search engine and no other site should see it.
  return [
    { title: pageTitle("Choose a new password") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Partial<Record<Field, string>> = actionData?.fieldErrors ?? {};
  const problem = loaderData.problem;
  if (problem) {
    return <LinkProblem problem={problem} next={{ to: ASK_AGAIN, text: "Ask for a new link" }} />;
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      <p className="mt-2 text-muted">Your new password logs you out everywhere else.</p>
      <ErrorSummary
        formError={actionData?.formError}
        fields={errorList(errors, ["password", "confirm_password"])}
        answer={actionData}
      />
      {actionData?.formError ? (
        <p className="mt-4">
          <Link to={ASK_AGAIN} className="text-brand underline">
            Ask for a new link
          </Link>
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <NewPasswordFields errors={errors} />
        <SubmitButton>Save new password</SubmitButton>
      </Form>
    </div>
  );
}
