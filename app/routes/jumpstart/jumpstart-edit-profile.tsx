import { Form, data } from "react-router";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { requirePredepartureStudent } from "~/features/access/require-user.server";
import { CurrentPasswordInput } from "~/features/accounts/components/current-password-input";
import { YourData } from "~/features/accounts/components/your-data";
import {
  PREDEPARTURE_PROFILE_FIELDS,
  type PredepartureProfileField,
  predepartureProfileSchema,
} from "~/features/accounts/predeparture-schema";
import { accountDeps } from "~/features/accounts/deps.server";
import { openProfilePage, profileSaved } from "~/features/accounts/profile-page.server";
import { savePredepartureProfile } from "~/features/accounts/profile.server";
import { countryChoices } from "~/features/accounts/registration.server";
import { PhoneInput } from "~/features/phone/components/phone-input";
import { pageTitle } from "~/lib/meta";
import { formOf, keptValues } from "~/lib/request-body.server";
import { errorList, validate } from "~/lib/validation";
import type { Route } from "./+types/jumpstart-edit-profile";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { name, email, profile, phone, countries, preferredCountries } = await openProfilePage(
    request,
    url,
    context,
    "predeparture_student",
  );
  return {
    current: {
      name,
      email,
      phone: phone.formatted,
      phoneCountry: phone.country,
      home_country: profile?.homeCountryId ? String(profile.homeCountryId) : "",
      course: profile?.course ?? "",
      course_start: profile?.courseStartDate ?? "",
    },
    countries,
    preferredCountries,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePredepartureStudent(context);
  const d = accountDeps(request, context);
  const form = await formOf(request);
  const values = keptValues(form, [
    "name",
    "email",
    "phone_text",
    "phone_country",
    "home_country",
    "course",
    "course_start",
  ]);
  const countries = await countryChoices(d.db);
  const parsed = validate<ReturnType<typeof predepartureProfileSchema>, PredepartureProfileField>(
    predepartureProfileSchema(new Set(countries.map((c) => c.id)), d.now),
    Object.fromEntries(form),
  );
  if (!parsed.success) return data({ values, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  return profileSaved(context, "predeparture_student", await savePredepartureProfile(d, user.id, parsed.data), values);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Edit your pre-departure profile") }, { name: "robots", content: "noindex" }];
}

export default function JumpstartEditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { current, countries, preferredCountries } = loaderData;
  const errors: Partial<Record<PredepartureProfileField, string>> = actionData?.fieldErrors ?? {};
  const v = actionData?.values;
  const phoneCountry = /^[A-Za-z]{2}$/.test(v?.phone_country ?? "")
    ? v!.phone_country.toUpperCase()
    : current.phoneCountry;
  return (
    <div className="max-w-xl">
      <h1 className="text-3xl font-bold">Edit your pre-departure profile</h1>
      <ErrorSummary
        formError={actionData?.formError}
        fields={errorList(errors, PREDEPARTURE_PROFILE_FIELDS)}
        answer={actionData}
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
