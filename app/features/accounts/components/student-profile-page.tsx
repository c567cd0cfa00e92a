import { Form } from "react-router";
import { CheckboxGroup, ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { STUDY_LEVELS, VISA_TYPES } from "~/db/schema/student-profile-values";
import { PhoneInput } from "~/features/phone";
import { errorList } from "~/lib/validation";
import {
  JOB_TYPES,
  PROFILE_FIELDS,
  type ProfileField,
  SECTORS,
  STUDY_LEVEL_LABELS,
  VISA_TYPE_LABELS,
} from "../profile-schema";
import type { StudentProfileAnswer, StudentProfilePageData } from "../student-profile-page.server";
import { CurrentPasswordInput } from "./current-password-input";
import { YourData } from "./your-data";

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** /edit-profile: the profile form, the referral link, and the person's own data. */
export function StudentProfilePage({ data, answer }: { data: StudentProfilePageData; answer?: StudentProfileAnswer }) {
  const { current, countries, preferredCountries, referral } = data;
  const errors: Partial<Record<ProfileField, string>> = answer?.fieldErrors ?? {};
  const v = answer?.values;
  const phoneCountry = /^[A-Za-z]{2}$/.test(v?.phone_country ?? "")
    ? v!.phone_country.toUpperCase()
    : current.phoneCountry;
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-bold">Edit your profile</h1>
      <p className="mt-2 text-muted">What you tell us here chooses the jobs, visa advice and emails you get.</p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, PROFILE_FIELDS)} answer={answer} />
      <Form method="post" className="mt-6 space-y-8" noValidate>
        <fieldset className="space-y-5">
          <legend className="text-xl font-semibold">About you</legend>
          <TextField
            name="name"
            label="Full name"
            type="text"
            autoComplete="name"
            required
            defaultValue={v?.name ?? current.name}
            error={errors.name}
          />
          <TextField
            name="email"
            label="Email"
            hint="A new address takes effect once you open the link we send to it."
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
            defaultValue={v?.email ?? current.email}
            error={errors.email}
          />
          <CurrentPasswordInput error={errors.current_password} />
          <PhoneInput
            id="phone"
            name="phone"
            label="Phone number"
            hint="Optional."
            defaultValue={v?.phone_text ?? current.phone}
            defaultCountry={phoneCountry}
            preferredCountries={preferredCountries}
            error={errors.phone}
          />
          <SelectField
            name="home_country"
            label="Home country"
            options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
            defaultValue={v?.home_country ?? current.home_country}
            error={errors.home_country}
          />
        </fieldset>
        <fieldset className="space-y-5">
          <legend className="text-xl font-semibold">Your studies and visa</legend>
          <TextField
            name="course"
            label="Course"
            type="text"
            required
            defaultValue={v?.course ?? current.course}
            error={errors.course}
          />
          <SelectField
            name="study_level"
            label="Level of study"
            options={STUDY_LEVELS.map((l) => ({ value: l, label: STUDY_LEVEL_LABELS[l] }))}
            defaultValue={v?.study_level ?? current.study_level}
            error={errors.study_level}
          />
          <TextField
            name="graduation"
            label="Graduation date"
            hint="The month and year you finish, like 2027-06."
            type="month"
            required
            defaultValue={v?.graduation ?? current.graduation}
            error={errors.graduation}
          />
          <SelectField
            name="visa_type"
            label="Current visa"
            options={VISA_TYPES.map((t) => ({ value: t, label: VISA_TYPE_LABELS[t] }))}
            defaultValue={v?.visa_type ?? current.visa_type}
            error={errors.visa_type}
          />
          <TextField
            name="visa_expiry"
            label="Visa expiry date"
            hint="Optional. As it is on your visa, like 2027-01-31."
            type="date"
            defaultValue={v?.visa_expiry ?? current.visa_expiry}
            error={errors.visa_expiry}
          />
        </fieldset>
        <fieldset className="space-y-5">
          <legend className="text-xl font-semibold">The work you want</legend>
          <CheckboxGroup
            name="sectors"
            legend="Sectors"
            hint="Choose any."
            options={options(SECTORS)}
            checked={v?.sectors ?? current.sectors}
            error={errors.sectors}
          />
          <TextField
            name="locations"
            label="Preferred locations"
            hint="Optional. Cities or regions, separated by commas, like London, Manchester."
            type="text"
            defaultValue={v?.locations ?? current.locations}
            error={errors.locations}
          />
          <CheckboxGroup
            name="job_types"
            legend="Job types"
            hint="Choose any."
            options={options(JOB_TYPES)}
            checked={v?.job_types ?? current.job_types}
            error={errors.job_types}
          />
          <TextField
            name="linkedin_url"
            label="LinkedIn profile"
            hint="Optional, like https://www.linkedin.com/in/your-name."
            type="url"
            defaultValue={v?.linkedin_url ?? current.linkedin_url}
            error={errors.linkedin_url}
          />
        </fieldset>
        <fieldset>
          <legend className="text-xl font-semibold">Emails from us</legend>
          <label className="mt-3 flex items-center gap-2">
            <input
              type="checkbox"
              name="job_alerts"
              defaultChecked={v?.job_alerts ?? current.job_alerts}
              className="h-5 w-5"
            />
            Job alerts that match your interests
          </label>
          <label className="mt-2 flex items-center gap-2">
            <input
              type="checkbox"
              name="newsletters"
              defaultChecked={v?.newsletters ?? current.newsletters}
              className="h-5 w-5"
            />
            Newsletters with career advice and events
          </label>
        </fieldset>
        <SubmitButton>Save changes</SubmitButton>
      </Form>
      <section aria-labelledby="referral-heading" className="mt-12 border-t border-slate-300 pt-6">
        <h2 id="referral-heading" className="text-xl font-semibold">
          Invite your friends
        </h2>
        <p className="mt-2 text-muted">Send your link to fellow students: it opens your university's registration.</p>
        {referral.url ? (
          <p className="mt-2 break-all font-mono text-sm">{referral.url}</p>
        ) : (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="referral-link" />
            <button type="submit" className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand">
              Make my link
            </button>
          </Form>
        )}
        <p className="mt-2">
          {referral.joined === 1
            ? "1 friend has joined through your link."
            : `${referral.joined} friends have joined through your link.`}
        </p>
      </section>
      <YourData />
    </div>
  );
}
