import { eq } from "drizzle-orm";
import { Form, data, redirect } from "react-router";
import { ErrorSummary, SubmitButton } from "~/components/form";
import type { Db } from "~/db/client.server";
import { dbContext } from "~/db/context";
import { users } from "~/db/schema";
import { newPasswordSchema } from "~/features/accounts/password-rule.server";
import { setUpAccount, updateProfilePath } from "~/features/accounts/registration.server";
import { checkToken, tokenProblem } from "~/features/accounts/tokens.server";
import { PRE_AUTH_PATH } from "~/features/access/guard";
import { sessionsContext } from "~/features/auth/context";
import { sessionCookie } from "~/features/auth/login.server";
import { clockContext, configContext } from "~/lib/context";
import { ROLE_HOME } from "~/lib/roles";
import { pageTitle } from "~/lib/meta";
import { formOf } from "~/lib/request-body.server";
import { errorList, validate } from "~/lib/validation";
import { NewPasswordFields } from "~/features/accounts/components/new-password-fields";
import { LinkProblem } from "~/features/accounts/components/link-problem";
import { accountDeps } from "~/features/accounts/deps.server";
import type { Route } from "./+types/register.setup-account-redirection.$user_email";

type Field = "password" | "confirm_password";

/** The address in the path is only shown to the person; the token alone says whose account this is. */
async function accountOfLink(db: Db, token: string, now: Date) {
  const check = await checkToken(db, token, "verify_email", now);
  if (!check.ok) return check;
  const [user] = await db
    .select({ email: users.email, role: users.role, accessStatus: users.accessStatus })
    .from(users)
    .where(eq(users.id, check.userId));
  // Only a student who may use the platform now fills in the profile step.
  const steps = user!.role === "student" && user!.accessStatus === "active" ? 2 : 1;
  return { ok: true as const, email: user!.email, steps };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const link = await accountOfLink(
    context.get(dbContext),
    url.searchParams.get("token") ?? "",
    context.get(clockContext)(),
  );
  if (link.ok) return { email: link.email, steps: link.steps, problem: null };
  return data(
    { email: null, steps: 0, problem: tokenProblem(link.reason, "confirmation") },
    { status: link.reason === "unknown" ? 404 : 410 },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const token = url.searchParams.get("token") ?? "";
  const form = await formOf(request);
  const link = await accountOfLink(db, token, now);
  if (!link.ok) return data({ fieldErrors: {}, formError: tokenProblem(link.reason, "confirmation") }, { status: 410 });
  const parsed = validate<ReturnType<typeof newPasswordSchema>, Field>(
    newPasswordSchema(link.email),
    Object.fromEntries(form),
  );
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const outcome = await setUpAccount(accountDeps(request, context), token, parsed.data.password);
  if (!outcome.ok)
    return data({ fieldErrors: {}, formError: tokenProblem(outcome.reason, "confirmation") }, { status: 410 });
  // Only an approved student has a profile step left: a pre-departure student gave their offer when
  // registering, an account awaiting approval (alumni, staff) what its approvers need.
  if (outcome.role !== "student" || outcome.accessStatus !== "active") {
    const session = await context.get(sessionsContext).create(outcome.userId);
    const to = outcome.accessStatus === "active" ? ROLE_HOME[outcome.role] : PRE_AUTH_PATH;
    return redirect(to, { status: 303, headers: { "Set-Cookie": sessionCookie(context.get(configContext), session) } });
  }
  return redirect(updateProfilePath(outcome.email, outcome.profileToken), { status: 303 });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [
    { title: pageTitle("Choose your password") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function SetUpAccount({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Partial<Record<Field, string>> = actionData?.fieldErrors ?? {};
  if (loaderData.problem) {
    return (
      <LinkProblem
        problem={loaderData.problem}
        advice="If you already chose a password, log in. Otherwise register again for a new link."
        next={{ to: "/login?next=register", text: "Register again" }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-md">
      {loaderData.steps > 1 ? (
        <p className="text-sm font-semibold text-muted">{`Step 1 of ${loaderData.steps}`}</p>
      ) : null}
      <h1 className="text-3xl font-bold">Choose your password</h1>
      <p className="mt-2 text-muted">{`Choose the password you will log in with as ${loaderData.email}.`}</p>
      <ErrorSummary
        formError={actionData?.formError}
        fields={errorList(errors, ["password", "confirm_password"])}
        answer={actionData}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <NewPasswordFields errors={errors} fresh />
        <SubmitButton>Continue</SubmitButton>
      </Form>
    </div>
  );
}
