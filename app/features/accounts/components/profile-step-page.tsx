import { Form } from "react-router";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { STUDY_LEVELS, VISA_TYPES } from "~/db/schema/student-profile-values";
import { type FormAnswer, errorList } from "~/lib/validation";
import { PROFILE_STEP_FIELDS, type ProfileStepField, STUDY_LEVEL_LABELS, VISA_TYPE_LABELS } from "../profile-schema";
import { LinkProblem } from "./link-problem";

/** /register/setup-account/update-profile/{email}: a new student's studies, step 2 of 2. */
export function ProfileStepPage({
  problem,
  countries,
  answer,
}: {
  problem: string | null;
  countries: { id: number; name: string }[];
  answer?: FormAnswer<ProfileStepField>;
}) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  if (problem) {
    return (
      <LinkProblem
        problem={problem}
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
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, PROFILE_STEP_FIELDS)} answer={answer} />
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
          options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
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
