import { Form, Link, data, redirect } from "react-router";
import { z } from "zod";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { RESET_LIMITS, requestPasswordReset } from "~/features/accounts/passwords.server";
import { universityOr404 } from "~/features/accounts/university.server";
import { siteOrigin } from "~/features/access/site-url.server";
import { outboxContext } from "~/features/email/context";
import { clientIpContext, clockContext } from "~/lib/context";
import { EmailField } from "~/lib/email-field";
import { pageTitle } from "~/lib/meta";
import { formOf, tooManyRequests } from "~/lib/request-body.server";
import { errorList, validate } from "~/lib/validation";
import type { Route } from "./+types/forgot-password";

const ResetRequestSchema = z.object({ email: EmailField });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const university = await universityOr404(context.get(dbContext), params.university_id);
  return { university: { slug: university.slug, name: university.name }, sent: url.searchParams.get("sent") === "1" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const university = await universityOr404(db, params.university_id);
  const form = await formOf(request);
  const typed = form.get("email");
  const values = { email: typeof typed === "string" ? typed.slice(0, 254) : "" };
  const limiter = context.get(rateLimiterContext);
  const clientKey = `reset:client:${context.get(clientIpContext)}`;
  const tooMany = (seconds: number) => tooManyRequests(values, seconds, "reset links");

  const waitClient = await limiter.retryAfter(clientKey, RESET_LIMITS.client);
  if (waitClient > 0) return tooMany(waitClient);
  const parsed = validate(ResetRequestSchema, { email: typed });
  if (!parsed.success) return data({ values, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const addressKey = `reset:address:${parsed.data.email.toLowerCase()}`;
  const over = Math.max(await limiter.spend(clientKey, RESET_LIMITS.client), await limiter.spend(addressKey, RESET_LIMITS.address));
  if (over > 0) return tooMany(over);

  await requestPasswordReset(
    { db, outbox: context.get(outboxContext), now: context.get(clockContext)(), origin: siteOrigin(request, context) },
    parsed.data.email,
  );
  // The same answer whether or not an account uses the address.
  return redirect(`/forgot-password/${university.slug}?sent=1`, { status: 303 });
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
        If an account uses the address you gave, we have sent it a link to choose a new password. The link works once, for one hour. Nothing
        there after a few minutes? Look in your spam folder, or check the address and ask again.
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
