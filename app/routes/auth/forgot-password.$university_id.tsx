import { Form, Link } from "react-router";
import { z } from "zod";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { RESET_LIMITS, requestPasswordReset } from "~/features/accounts/passwords.server";
import { universityOr404 } from "~/features/accounts/university.server";
import { clientIpContext } from "~/lib/context";
import { EmailField } from "~/lib/email-field";
import { pageTitle } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import { errorList } from "~/lib/validation";
import { accountDeps } from "~/features/accounts/deps.server";
import type { Route } from "./+types/forgot-password.$university_id";

const ResetRequestSchema = z.object({ email: EmailField });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const university = await universityOr404(context.get(dbContext), params.university_id);
  return { university: { slug: university.slug, name: university.name }, sent: url.searchParams.get("sent") === "1" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const university = await universityOr404(db, params.university_id);
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
    sent: `/forgot-password/${university.slug}?sent=1`,
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Check your email" : "Forgot your password?") }];
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { university, sent } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  if (sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Back to log in" }}>
        If an account uses the address you gave, we have sent it a link to choose a new password. The link works once,
        for one hour. Nothing there after a few minutes? Look in your spam folder, or check the address and ask again.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-muted">{`Enter the email address of your ${university.name} account and we will email you a link to choose a new password.`}</p>
      <ErrorSummary formError={actionData?.formError} fields={errorList(errors, ["email"])} answer={actionData} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          spellCheck={false}
          required
          defaultValue={actionData?.values.email ?? ""}
          error={errors.email}
        />
        <SubmitButton>Send reset link</SubmitButton>
      </Form>
      <p className="mt-6">
        <Link to="/login" className="text-brand underline">
          Back to log in
        </Link>
      </p>
    </div>
  );
}
