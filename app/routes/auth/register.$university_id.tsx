import { Form, Link } from "react-router";
import { z } from "zod";
import { FullNameField } from "~/lib/name-field";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { describeDomains, emailDomainAllowed } from "~/lib/email-domains";
import { universityOr404 } from "~/features/accounts/university.server";
import { referralOf } from "~/features/accounts/referrals.server";
import { registrationLimits, startRegistration } from "~/features/accounts/registration.server";
import { clientIpContext } from "~/lib/context";
import { EmailField } from "~/lib/email-field";
import { pageTitle } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import { errorList } from "~/lib/validation";
import { accountDeps } from "~/features/accounts/deps.server";
import type { Route } from "./+types/register.$university_id";

/** Name and a university address: only the university's own domains register themselves. */
function registerSchema(university: { name: string; emailDomains: string[] }) {
  const domains = describeDomains(university.emailDomains);
  return z.object({
    name: FullNameField,
    email: EmailField.refine(
      (email) => emailDomainAllowed(email, university.emailDomains),
      domains
        ? `Use your ${university.name} email address, ending ${domains}. Studying there with another address? Ask for access instead`
        : `${university.name} does not take registrations by email address. Ask for access instead`,
    ),
  });
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const university = await universityOr404(context.get(dbContext), params.university_id);
  return {
    university: { slug: university.slug, name: university.name, domains: describeDomains(university.emailDomains) },
    sent: url.searchParams.get("sent") === "1",
  };
}

/** /register-uni/{university_id} is the same registration in the university's colours (route table: brandedByPath). */
const basePath = (pattern: string) => (pattern.startsWith("/register-uni/") ? "/register-uni" : "/register");

export async function action({ request, params, pattern, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const university = await universityOr404(db, params.university_id);
  return receivePublicForm({
    request,
    ...registrationLimits(context.get(rateLimiterContext), context.get(clientIpContext)),
    kept: ["name", "email"],
    schema: registerSchema(university),
    store: (input) =>
      startRegistration(accountDeps(request, context), university, input, {
        referralSlug: referralOf(request),
      }),
    // The same answer whether the address is new, unfinished or already has an account.
    sent: `${basePath(pattern)}/${university.slug}?sent=1`,
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: pageTitle(
        loaderData?.sent ? "Check your email" : `Create your ${loaderData?.university.name ?? ""} account`,
      ),
    },
  ];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { university, sent } = loaderData;
  const errors: Partial<Record<"name" | "email", string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<"name" | "email", string>> = actionData?.values ?? {};
  if (sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Go to log in" }}>
        We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address
        and choose a password (the link works for 24 hours); if it already has an account, the email says how to log in.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{`Create your ${university.name} account`}</h1>
      <p className="mt-2 text-muted">
        {university.domains
          ? `Use your university email address (ending ${university.domains}). We will send it a link to confirm it.`
          : "We will send your email address a link to confirm it."}
      </p>
      <ErrorSummary
        formError={actionData?.formError}
        fields={errorList(errors, ["name", "email"])}
        answer={actionData}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="name"
          label="Full name"
          type="text"
          autoComplete="name"
          required
          defaultValue={values.name ?? ""}
          error={errors.name}
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          defaultValue={values.email ?? ""}
          error={errors.email}
        />
        <SubmitButton>Create account</SubmitButton>
      </Form>
      <p className="mt-6">
        {`Your email address is not a ${university.name} one? `}
        <Link to={`/request-access/${university.slug}`} className="text-brand underline">
          {`Ask ${university.name} for access`}
        </Link>
      </p>
      <p className="mt-3">
        {`Graduated from ${university.name}? `}
        <Link to={`/alumni-student-registration/${university.slug}`} className="text-brand underline">
          Register as a graduate
        </Link>
      </p>
      <p className="mt-3">
        Already registered?{" "}
        <Link to="/login" className="text-brand underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
