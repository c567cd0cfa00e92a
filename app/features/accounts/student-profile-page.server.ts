import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { requireStudent } from "~/features/access/index.server";
import { siteOrigin } from "~/features/access/index.server";
import { type FormState, formOf, keptValues } from "~/lib/request-body.server";
import { validate } from "~/lib/validation";
import { accountDeps } from "./deps.server";
import { openProfilePage, profileSaved } from "./profile-page.server";
import { type ProfileField, profileSchema } from "./profile-schema";
import { saveProfile } from "./profile.server";
import { completedReferrals, makeReferralSlug, referralSlugOf } from "./referrals.server";
import { countryChoices } from "./registration.server";

type Context = Readonly<RouterContextProvider>;

/**
 * /edit-profile: the student's profile as the form shows it, and their referral link with how many
 * friends joined through it.
 */
export async function loadStudentProfile(request: Request, url: URL, context: Context) {
  const { user, name, email, profile, phone, countries, preferredCountries } = await openProfilePage(
    request,
    url,
    context,
    "student",
  );
  const db = context.get(dbContext);
  const slug = await referralSlugOf(db, user.id);
  const referral = {
    url: slug ? `${siteOrigin(context)}/referral/${slug}` : null,
    joined: await completedReferrals(db, user.id),
  };
  return {
    current: {
      name,
      email,
      phone: phone.formatted,
      phoneCountry: phone.country,
      home_country: profile?.homeCountryId ? String(profile.homeCountryId) : "",
      course: profile?.course ?? "",
      study_level: profile?.studyLevel ?? "",
      graduation: profile?.graduationDate?.slice(0, 7) ?? "",
      visa_type: profile?.visaType ?? "",
      visa_expiry: profile?.visaExpiry ?? "",
      sectors: profile?.sectors ?? [],
      locations: (profile?.locations ?? []).join(", "),
      job_types: profile?.jobTypes ?? [],
      linkedin_url: profile?.linkedinUrl ?? "",
      job_alerts: profile?.jobAlerts ?? true,
      newsletters: profile?.newsletters ?? false,
    },
    countries,
    preferredCountries,
    referral,
  };
}

export type StudentProfilePageData = Awaited<ReturnType<typeof loadStudentProfile>>;

/** The form as typed (never the password), for the page to show again with its errors. */
function typedValues(form: FormData) {
  return {
    ...keptValues(form, [
      "name",
      "email",
      "phone_text",
      "phone_country",
      "home_country",
      "course",
      "study_level",
      "graduation",
      "visa_type",
      "visa_expiry",
      "locations",
      "linkedin_url",
    ]),
    sectors: form.getAll("sectors").map(String),
    job_types: form.getAll("job_types").map(String),
    job_alerts: form.get("job_alerts") === "on",
    newsletters: form.get("newsletters") === "on",
  };
}

export type StudentProfileAnswer = FormState<ReturnType<typeof typedValues>>;

/** The profile form, or the referral section's "Make my link". */
export async function studentProfileAction(request: Request, context: Context) {
  const user = requireStudent(context);
  const d = accountDeps(request, context);
  const form = await formOf(request);
  if (form.get("intent") === "referral-link") {
    await makeReferralSlug(d.db, user.id);
    return redirect("/edit-profile#referral-heading", 303);
  }
  const raw = { ...Object.fromEntries(form), sectors: form.getAll("sectors"), job_types: form.getAll("job_types") };
  const values = typedValues(form);
  const countries = await countryChoices(d.db);
  const parsed = validate<ReturnType<typeof profileSchema>, ProfileField>(
    profileSchema(new Set(countries.map((c) => c.id)), d.now),
    raw,
  );
  if (!parsed.success) return data({ values, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  return profileSaved(context, "student", await saveProfile(d, user.id, parsed.data), values);
}
