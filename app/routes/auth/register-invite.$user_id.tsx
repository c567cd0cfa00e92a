import { Form, data, redirect } from "react-router";
import { z } from "zod";
import { FullNameField } from "~/lib/name-field";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext } from "~/db/context";
import {
  type InvitationProblem,
  acceptInvitation,
  checkInvitation,
  invitationProblem,
} from "~/features/accounts/invitations.server";
import { newPasswordSchema } from "~/features/accounts/password-rule.server";
import { updateProfilePath } from "~/features/accounts/registration.server";
import { clockContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import { formOf } from "~/lib/request-body.server";
import { errorList, validate } from "~/lib/validation";
import { NewPasswordFields } from "~/features/accounts/components/new-password-fields";
import { LinkProblem } from "~/features/accounts/components/link-problem";
import type { Route } from "./+types/register-invite.$user_id";

type Field = "name" | "password" | "confirm_password";
const FIELDS: readonly Field[] = ["name", "password", "confirm_password"];

const userIdOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : -1);

function acceptSchema(email: string) {
  return z.object({ name: FullNameField }).and(newPasswordSchema(email));
}

const statusOf = (reason: InvitationProblem) => (reason === "unknown" ? 404 : reason === "taken" ? 409 : 410);

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const link = await checkInvitation(
    context.get(dbContext),
    userIdOf(params.user_id),
    url.searchParams.get("token") ?? "",
    context.get(clockContext)(),
  );
  if (link.ok) return { email: link.email, problem: null };
  return data({ email: null, problem: invitationProblem(link.reason) }, { status: statusOf(link.reason) });
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const userId = userIdOf(params.user_id);
  const token = url.searchParams.get("token") ?? "";
  const form = await formOf(request);
  const name = String(form.get("name") ?? "").slice(0, 100);
  const link = await checkInvitation(db, userId, token, now);
  if (!link.ok)
    return data(
      { name, fieldErrors: {}, formError: invitationProblem(link.reason) },
      { status: statusOf(link.reason) },
    );
  const parsed = validate<ReturnType<typeof acceptSchema>, Field>(acceptSchema(link.email), Object.fromEntries(form));
  if (!parsed.success) return data({ name, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const outcome = await acceptInvitation(
    db,
    userId,
    token,
    { name: parsed.data.name, password: parsed.data.password },
    now,
  );
  if (!outcome.ok)
    return data(
      { name, fieldErrors: {}, formError: invitationProblem(outcome.reason) },
      { status: statusOf(outcome.reason) },
    );
  return redirect(updateProfilePath(outcome.email, outcome.profileToken), { status: 303 });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [
    { title: pageTitle("Accept your invitation") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function RegisterInvite({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Partial<Record<Field, string>> = actionData?.fieldErrors ?? {};
  if (loaderData.problem) {
    return (
      <LinkProblem
        title="This invitation does not work"
        problem={loaderData.problem}
        advice="Ask your university's careers service to send it again, or log in if you already accepted it."
        next={{ to: "/login", text: "Log in" }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <p className="text-sm font-semibold text-muted">Step 1 of 2</p>
      <h1 className="text-3xl font-bold">Accept your invitation</h1>
      <p className="mt-2 text-muted">{`You will log in as ${loaderData.email}.`}</p>
      <ErrorSummary formError={actionData?.formError} fields={errorList(errors, FIELDS)} answer={actionData} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="name"
          label="Full name"
          type="text"
          autoComplete="name"
          required
          defaultValue={actionData?.name ?? ""}
          error={errors.name}
        />
        <NewPasswordFields errors={errors} fresh />
        <SubmitButton>Accept invitation</SubmitButton>
      </Form>
    </div>
  );
}
