import { Form, data, redirect } from "react-router";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { dbContext } from "~/db/context";
import { STUDY_LEVELS, VISA_TYPES } from "~/db/schema/student-profile-values";
import {
  PROFILE_STEP_FIELDS,
  type ProfileStepField,
  STUDY_LEVEL_LABELS,
  VISA_TYPE_LABELS,
  profileStepSchema,
} from "~/features/accounts/profile-schema";
import { completeProfile, countryChoices } from "~/features/accounts/registration.server";
import { checkToken, tokenProblem } from "~/features/accounts/tokens.server";
import { sessionCookie } from "~/features/auth/login.server";
import { sessionsContext } from "~/features/auth/context";
import { ROLE_HOME } from "~/lib/roles";
import { clockContext, configContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import { formOf, keptValues } from "~/lib/request-body.server";
import { errorList, validate } from "~/lib/validation";
import { LinkProblem } from "~/features/accounts/components/link-problem";
import type { Route } from "./+types/register.setup-account.update-profile.$user_email";

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const check = await checkToken(
    db,
    url.searchParams.get("token") ?? "",
    "complete_profile",
    context.get(clockContext)(),
  );
  if (!check.ok)
    return data(
      { problem: tokenProblem(check.reason, "registration"), countries: [] },
      { status: check.reason === "unknown" ? 404 : 410 },
    );
  return { problem: null, countries: await countryChoices(db) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const now = context.get(clockContext)();
  const token = url.searchParams.get("token") ?? "";
  const form = await formOf(request);
  const values = keptValues(form, PROFILE_STEP_FIELDS);
  const countries = await countryChoices(db);
  const parsed = validate<ReturnType<typeof profileStepSchema>, ProfileStepField>(
    profileStepSchema(new Set(countries.map((c) => c.id)), now),
    Object.fromEntries(form),
  );
  if (!parsed.success) return data({ values, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  const outcome = await completeProfile(db, token, parsed.data, now);
  if (!outcome.ok)
    return data({ values, fieldErrors: {}, formError: tokenProblem(outcome.reason, "registration") }, { status: 410 });
  const session = await context.get(sessionsContext).create(outcome.userId);
  return redirect(ROLE_HOME.student, {
    status: 303,
    headers: { "Set-Cookie": sessionCookie(context.get(configContext), session) },
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [
    { title: pageTitle("About your studies") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function UpdateProfile({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Partial<Record<ProfileStepField, string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<ProfileStepField, string>> = actionData?.values ?? {};
  if (loaderData.problem) {
    return (
      <LinkProblem
        problem={loaderData.problem}
        advice="If you already chose your password, log in: you can complete your profile from there."
        next={{ to: "/login", text: "Log in" }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <p className="text-sm font-semibold text-muted">Step 2 of 2</p>
      <h1 className="text-3xl font-bold">About your studies</h1>
      <p className="mt-2 text-muted">
        This shapes the jobs, visa advice and guides we show you. You can change it later in your profile.
      </p>
      <ErrorSummary
        formError={actionData?.formError}
        fields={errorList(errors, PROFILE_STEP_FIELDS)}
        answer={actionData}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="course"
          label="Course"
          hint="For example, MSc Data Science."
          type="text"
          required
          defaultValue={values.course ?? ""}
          error={errors.course}
        />
        <SelectField
          name="study_level"
          label="Level of study"
          options={STUDY_LEVELS.map((l) => ({ value: l, label: STUDY_LEVEL_LABELS[l] }))}
          defaultValue={values.study_level ?? ""}
          error={errors.study_level}
        />
        <TextField
          name="graduation"
          label="Graduation date"
          hint="The month and year you finish, like 2027-06."
          type="month"
          required
          defaultValue={values.graduation ?? ""}
          error={errors.graduation}
        />
        <SelectField
          name="home_country"
          label="Home country"
          options={loaderData.countries.map((c) => ({ value: String(c.id), label: c.name }))}
          defaultValue={values.home_country ?? ""}
          error={errors.home_country}
        />
        <SelectField
          name="visa_type"
          label="Current visa"
          options={VISA_TYPES.map((v) => ({ value: v, label: VISA_TYPE_LABELS[v] }))}
          defaultValue={values.visa_type ?? ""}
          error={errors.visa_type}
        />
        <SubmitButton>Continue</SubmitButton>
      </Form>
    </div>
  );
}
