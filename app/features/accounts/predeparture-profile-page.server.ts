import { type RouterContextProvider, data } from "react-router";
import { requirePredepartureStudent } from "~/features/access/index.server";
import { formOf, keptValues } from "~/lib/request-body.server";
import { validate } from "~/lib/validation";
import { accountDeps } from "./deps.server";
import { type PredepartureProfileField, predepartureProfileSchema } from "./predeparture-schema";
import { openProfilePage, profileSaved } from "./profile-page.server";
import { savePredepartureProfile } from "./profile.server";
import { countryChoices } from "./registration.server";

/** /jumpstart-edit-profile: a pre-departure student's own profile. */

type Context = Readonly<RouterContextProvider>;

export async function loadPredepartureProfile(request: Request, url: URL, context: Context) {
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

export type PredepartureProfileData = Awaited<ReturnType<typeof loadPredepartureProfile>>;

export async function savePredepartureProfilePage(request: Request, context: Context) {
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
