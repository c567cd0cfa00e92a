import { Form, Link } from "react-router";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import {
  PREDEPARTURE_FIELDS,
  type PredepartureField,
  predepartureSchema,
} from "~/features/accounts/predeparture-schema";
import { registrationLimits, startRegistration } from "~/features/accounts/registration.server";
import { universityOr404 } from "~/features/accounts/university.server";
import { clientIpContext, clockContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import { errorList } from "~/lib/validation";
import { accountDeps } from "~/features/accounts/deps.server";
import type { Route } from "./+types/jumpstart-register.$university_id";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const university = await universityOr404(context.get(dbContext), params.university_id);
  return { university: { slug: university.slug, name: university.name }, sent: url.searchParams.get("sent") === "1" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const university = await universityOr404(db, params.university_id);
  const now = context.get(clockContext)();
  return receivePublicForm({
    request,
    ...registrationLimits(context.get(rateLimiterContext), context.get(clientIpContext)),
    kept: PREDEPARTURE_FIELDS,
    schema: predepartureSchema(now),
    store: ({ name, email, course, course_start }) =>
      startRegistration(
        accountDeps(request, context),
        university,
        { name, email },
        { predeparture: { course, courseStartDate: course_start } },
      ),
    sent: `/jumpstart-register/${university.slug}?sent=1`,
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Check your email" : "Pre-departure registration") }];
}

export default function JumpstartRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { university, sent } = loaderData;
  const errors: Partial<Record<PredepartureField, string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<PredepartureField, string>> = actionData?.values ?? {};
  if (sent) {
    return (
      <Confirmation
        title="Check your email"
        next={{ to: `/jumpstart-login/${university.slug}`, text: "Go to the pre-departure log in" }}
      >
        We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address
        and choose a password (the link works for 24 hours); if it already has an account, the email says how to log in.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Pre-departure registration</h1>
      <p className="mt-2 text-muted">{`Holding an offer from ${university.name}? Get ready before you travel: guides, employers to know and part-time work, from any email address.`}</p>
      <ErrorSummary
        formError={actionData?.formError}
        fields={errorList(errors, PREDEPARTURE_FIELDS)}
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
        <TextField
          name="course"
          label="Course"
          hint="The course of your offer."
          type="text"
          required
          defaultValue={values.course ?? ""}
          error={errors.course}
        />
        <TextField
          name="course_start"
          label="Course start date"
          hint="As your offer letter gives it, like 2027-09-21."
          type="date"
          required
          defaultValue={values.course_start ?? ""}
          error={errors.course_start}
        />
        <SubmitButton>Create account</SubmitButton>
      </Form>
      <p className="mt-6">
        Already registered?{" "}
        <Link to={`/jumpstart-login/${university.slug}`} className="text-brand underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
