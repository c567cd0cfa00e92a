import { Form } from "react-router";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { PhoneInput } from "~/features/phone";
import { type FormAnswer, errorList } from "~/lib/validation";
import { PREDEPARTURE_PROFILE_FIELDS, type PredepartureProfileField } from "../predeparture-schema";
import type { PredepartureProfileData } from "../predeparture-profile-page.server";
import { CurrentPasswordInput } from "./current-password-input";
import { YourData } from "./your-data";

type Kept = "name" | "email" | "phone_text" | "phone_country" | "home_country" | "course" | "course_start";

/** /jumpstart-edit-profile: the registration's answers, with the phone and home country. */
export function PredepartureProfilePage({
  data,
  answer,
}: {
  data: PredepartureProfileData;
  answer?: FormAnswer<PredepartureProfileField, Kept>;
}) {
  const { current, countries, preferredCountries } = data;
  const errors = answer?.fieldErrors ?? {};
  const v = answer?.values;
  const typedCountry = v?.phone_country ?? "";
  const phoneCountry = /^[A-Za-z]{2}$/.test(typedCountry) ? typedCountry.toUpperCase() : current.phoneCountry;
  return (
    <div className="max-w-xl">
      <h1 className="text-3xl font-bold">Edit your pre-departure profile</h1>
      <ErrorSummary
        formError={answer?.formError}
        fields={errorList(errors, PREDEPARTURE_PROFILE_FIELDS)}
        answer={answer}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
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
          hint="Optional."
          required={false}
          options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
          defaultValue={v?.home_country ?? current.home_country}
          error={errors.home_country}
        />
        <TextField
          name="course"
          label="Course"
          hint="The course of your offer."
          type="text"
          required
          defaultValue={v?.course ?? current.course}
          error={errors.course}
        />
        <TextField
          name="course_start"
          label="Course start date"
          hint="As your offer letter gives it, like 2027-09-21."
          type="date"
          required
          defaultValue={v?.course_start ?? current.course_start}
          error={errors.course_start}
        />
        <SubmitButton>Save changes</SubmitButton>
      </Form>
      <YourData />
    </div>
  );
}
