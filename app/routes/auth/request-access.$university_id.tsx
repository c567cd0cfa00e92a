import { Form } from "react-router";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { dbContext, rateLimiterContext } from "~/db/context";
import {
  ACCESS_REQUEST_FIELDS,
  type AccessRequestField,
  AccessRequestSchema,
} from "~/features/accounts/access-request-schema";
import { ACCESS_REQUEST_LIMITS, submitAccessRequest } from "~/features/accounts/access-requests.server";
import { universityOr404 } from "~/features/accounts/university.server";
import { clientIpContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import { errorList } from "~/lib/validation";
import { accountDeps } from "~/features/accounts/deps.server";
import type { Route } from "./+types/request-access.$university_id";

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
    key: `access-request:client:${context.get(clientIpContext)}`,
    limit: ACCESS_REQUEST_LIMITS.client,
    alsoLimit: ({ email }) => ({
      key: `access-request:address:${university.id}:${email.toLowerCase()}`,
      limit: ACCESS_REQUEST_LIMITS.address,
    }),
    what: "requests",
    kept: ACCESS_REQUEST_FIELDS,
    schema: AccessRequestSchema,
    store: (input) => submitAccessRequest(accountDeps(request, context), university, input),
    sent: `/request-access/${university.slug}?sent=1`,
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Request sent" : "Request access") }];
}

export default function RequestAccess({ loaderData, actionData }: Route.ComponentProps) {
  const { university, sent } = loaderData;
  const errors: Partial<Record<AccessRequestField, string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<AccessRequestField, string>> = actionData?.values ?? {};
  if (sent) {
    return (
      <Confirmation title="Request sent" next={{ to: "/", text: "Go to the home page" }}>
        {`${university.name} will check your request. We have emailed you that we have it, and we will email you again when they decide.`}
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{`Request access to ${university.name} careers`}</h1>
      <p className="mt-2 text-muted">
        {`Your email address is not a ${university.name} one? Tell us who you are and the university's careers service will check your request.`}
      </p>
      <ErrorSummary
        formError={actionData?.formError}
        fields={errorList(errors, ACCESS_REQUEST_FIELDS)}
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
          name="student_number"
          label="Student number"
          hint="As it is on your student card."
          type="text"
          autoComplete="off"
          required
          defaultValue={values.student_number ?? ""}
          error={errors.student_number}
        />
        <TextField
          name="course"
          label="Course"
          hint="For example, MSc Data Science."
          type="text"
          required
          defaultValue={values.course ?? ""}
          error={errors.course}
        />
        <SubmitButton>Request access</SubmitButton>
      </Form>
    </div>
  );
}
