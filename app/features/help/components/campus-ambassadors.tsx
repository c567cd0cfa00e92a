import { Form } from "react-router";
import { Confirmation } from "~/components/confirmation";
import {
  ErrorSummary,
  Honeypot,
  PrivacyNote,
  SelectField,
  SenderFields,
  SubmitButton,
  TextField,
} from "~/components/form";
import { type FieldErrors, errorList } from "~/lib/validation";
import { AMBASSADOR_FIELDS, AMBASSADOR_WHY, type AmbassadorField, MONTHS } from "../forms";
import type { AmbassadorForm, AmbassadorPageData } from "../forms.server";
import { OfficialLink } from "./shared";

const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1), label }));

/** /campus-ambassadors: what ambassadors do and get, and the application form; or its confirmation once sent. */
export function CampusAmbassadorsPage({ data, form }: { data: AmbassadorPageData; form?: AmbassadorForm }) {
  const { sent, prefill, years } = data;
  const errors: FieldErrors<AmbassadorField> = form?.fieldErrors ?? {};
  const values: Partial<Record<AmbassadorField, string>> = form?.values ?? {};
  const summary = errorList(errors, AMBASSADOR_FIELDS);

  if (sent) {
    return (
      <Confirmation title="Application sent" next={{ to: "/jobs", text: "Back to your job search" }}>
        Thank you for applying. We read every application and reply within two weeks to the email address you gave us.
      </Confirmation>
    );
  }

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div>
        <h1 className="text-3xl font-bold">Campus ambassadors</h1>
        <p className="mt-3 text-lg text-muted">
          Help the international students at your university find their way into work, and gain experience employers
          value.
        </p>
        <h2 className="mt-6 text-xl font-semibold">What ambassadors do</h2>
        <ul className="mt-2 list-disc space-y-2 pl-5">
          <li>Tell other students about the platform at welcome events, in societies and online.</li>
          <li>Help run a workshop or a stand with your careers service, once or twice a term.</li>
          <li>Tell us what students at your university need, so that we build the right things.</li>
        </ul>
        <h2 className="mt-6 text-xl font-semibold">What you get</h2>
        <ul className="mt-2 list-disc space-y-2 pl-5">
          <li>Training in presenting, and a reference describing what you did.</li>
          <li>Paid hours, agreed with you in advance, of at most 5 a week.</li>
        </ul>
        <p className="mt-4 text-sm text-muted">
          If you hold a Student visa, these hours count towards the weekly limit on your work in term time: add them to
          any other job you have.{" "}
          <OfficialLink href="https://www.gov.uk/student-visa">
            What you can and cannot do on a Student visa (GOV.UK)
          </OfficialLink>
        </p>
      </div>
      <div>
        <h2 className="text-2xl font-bold">Apply to be an ambassador</h2>
        <ErrorSummary formError={form?.formError ?? null} fields={summary} answer={form} />
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <SenderFields
            nameLabel="Full name"
            emailLabel="Email"
            emailHint="We reply to this address. Your university address is fine."
            values={values}
            errors={errors}
            prefill={prefill}
          />
          <TextField
            name="university"
            label="University"
            type="text"
            required
            defaultValue={values.university ?? ""}
            error={errors.university}
          />
          <TextField
            name="course"
            label="Course"
            hint="For example MSc Data Science."
            type="text"
            required
            defaultValue={values.course ?? ""}
            error={errors.course}
          />
          <fieldset>
            <legend className="font-medium">Expected graduation</legend>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <SelectField
                name="graduation_month"
                label="Month (optional)"
                options={MONTH_OPTIONS}
                placeholder="Choose a month"
                required={false}
                defaultValue={values.graduation_month ?? ""}
                error={errors.graduation_month}
              />
              <SelectField
                name="graduation_year"
                label="Year"
                options={years.map((y) => ({ value: String(y), label: String(y) }))}
                placeholder="Choose a year"
                defaultValue={values.graduation_year ?? ""}
                error={errors.graduation_year}
              />
            </div>
          </fieldset>
          <TextField
            name="why"
            label="Why would you like to be a campus ambassador?"
            hint={`At least ${AMBASSADOR_WHY.min} characters. What would you tell other students, and what have you done like it before?`}
            multiline
            rows={6}
            required
            defaultValue={values.why ?? ""}
            error={errors.why}
          />
          <Honeypot />
          <PrivacyNote use="to consider your application" />
          <SubmitButton>Send application</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
