import { Form, Link } from "react-router";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import { ALUMNI_FIELDS, type AlumniField, FIRST_ALUMNI_YEAR, alumniSchema } from "~/features/accounts/approval-schemas";
import { registrationLimits, startRegistration } from "~/features/accounts/registration.server";
import { universityOr404 } from "~/features/accounts/university.server";
import { clientIpContext, clockContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import { errorList } from "~/lib/validation";
import { accountDeps } from "~/features/accounts/deps.server";
import type { Route } from "./+types/alumni-student-registration.$university_id";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const university = await universityOr404(context.get(dbContext), params.university_id);
  return {
    university: { slug: university.slug, name: university.name },
    thisYear: context.get(clockContext)().getUTCFullYear(),
    sent: url.searchParams.get("sent") === "1",
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const university = await universityOr404(db, params.university_id);
  const now = context.get(clockContext)();
  return receivePublicForm({
    request,
    ...registrationLimits(context.get(rateLimiterContext), context.get(clientIpContext)),
    kept: ALUMNI_FIELDS,
    schema: alumniSchema(now),
    store: ({ name, email, course, graduation_year }) =>
      startRegistration(
        accountDeps(request, context),
        university,
        { name, email },
        {
          alumni: { course, graduationYear: graduation_year },
        },
      ),
    // The same answer whether the address is new, unfinished or already has an account.
    sent: `/alumni-student-registration/${university.slug}?sent=1`,
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: pageTitle(
        loaderData?.sent ? "Check your email" : `Register as a ${loaderData?.university.name ?? ""} graduate`,
      ),
    },
  ];
}

export default function AlumniRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { university, thisYear, sent } = loaderData;
  const errors: Partial<Record<AlumniField, string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<AlumniField, string>> = actionData?.values ?? {};
  if (sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Go to log in" }}>
        {`We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address and choose a password (the link works for 24 hours); ${university.name} then checks that you graduated there, and we email you when they decide. If the address already has an account, the email says how to log in.`}
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{`Register as a ${university.name} graduate`}</h1>
      <p className="mt-2 text-muted">
        {`Graduates keep using ${university.name}'s careers platform. Use any email address you read: the careers service checks that you graduated before your account opens.`}
      </p>
      <ErrorSummary formError={actionData?.formError} fields={errorList(errors, ALUMNI_FIELDS)} answer={actionData} />
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
        <TextField
          name="course"
          label="Course"
          hint="The course you graduated from, for example MSc Data Science."
          type="text"
          required
          defaultValue={values.course ?? ""}
          error={errors.course}
        />
        <TextField
          name="graduation_year"
          label="Graduation year"
          hint={`Four digits, from ${FIRST_ALUMNI_YEAR} to ${thisYear}.`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={values.graduation_year ?? ""}
          error={errors.graduation_year}
        />
        <SubmitButton>Create account</SubmitButton>
      </Form>
      <p className="mt-6">
        {`Still studying at ${university.name}? `}
        <Link to={`/register/${university.slug}`} className="text-brand underline">
          Register as a student
        </Link>
      </p>
    </div>
  );
}
