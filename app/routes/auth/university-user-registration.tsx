import { asc } from "drizzle-orm";
import { Form } from "react-router";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import type { Db } from "~/db/client.server";
import { dbContext, rateLimiterContext } from "~/db/context";
import { universities } from "~/db/schema";
import { STAFF_FIELDS, type StaffField, staffSchema } from "~/features/accounts/approval-schemas";
import { registrationLimits, startRegistration } from "~/features/accounts/registration.server";
import { clientIpContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import { receivePublicForm } from "~/lib/public-form.server";
import { errorList } from "~/lib/validation";
import { accountDeps } from "~/features/accounts/deps.server";
import type { Route } from "./+types/university-user-registration";

function universityChoices(db: Db) {
  return db.select().from(universities).orderBy(asc(universities.name));
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const choices = await universityChoices(context.get(dbContext));
  return {
    universities: choices.map((u) => ({ value: u.slug, label: u.name })),
    sent: url.searchParams.get("sent") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const choices = await universityChoices(db);
  return receivePublicForm({
    request,
    ...registrationLimits(context.get(rateLimiterContext), context.get(clientIpContext)),
    kept: STAFF_FIELDS,
    schema: staffSchema(new Set(choices.map((u) => u.slug))),
    store: ({ university, name, email, job_title }) =>
      startRegistration(
        accountDeps(request, context),
        choices.find((u) => u.slug === university)!,
        { name, email },
        { staff: { jobTitle: job_title } },
      ),
    // The same answer whether the address is new, unfinished or already has an account.
    sent: "/university-user-registration?sent=1",
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Check your email" : "Ask for a university administrator account") }];
}

export default function UniversityUserRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Partial<Record<StaffField, string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<StaffField, string>> = actionData?.values ?? {};
  if (loaderData.sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Go to log in" }}>
        We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address
        and choose a password (the link works for 24 hours); an administrator of your university then approves your
        account, and we email you when they decide. If the address already has an account, the email says how to log in.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Ask for a university administrator account</h1>
      <p className="mt-2 text-muted">
        For careers and international student staff of a partner university: manage your students&apos; access,
        invitations and analytics. An administrator of your university approves your account.
      </p>
      <ErrorSummary formError={actionData?.formError} fields={errorList(errors, STAFF_FIELDS)} answer={actionData} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <SelectField
          name="university"
          label="University"
          options={loaderData.universities}
          defaultValue={values.university ?? ""}
          error={errors.university}
        />
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
          label="Work email"
          hint="Your address at the university."
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          defaultValue={values.email ?? ""}
          error={errors.email}
        />
        <TextField
          name="job_title"
          label="Job title"
          hint="For example, Careers adviser."
          type="text"
          autoComplete="organization-title"
          required
          defaultValue={values.job_title ?? ""}
          error={errors.job_title}
        />
        <SubmitButton>Ask for an account</SubmitButton>
      </Form>
    </div>
  );
}
