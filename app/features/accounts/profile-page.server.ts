import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { requireUser } from "~/features/access/index.server";
import { parsePhone, preferredPhoneCountries } from "~/features/phone";
import { configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { accountDeps } from "./deps.server";
import type { Role } from "~/lib/roles";
import { PROFILE_PAGE } from "./profile-pages";
import { tooManyTries } from "./passwords.server";
import { type SaveOutcome, confirmEmailChange, loadProfile } from "./profile.server";
import { countryChoices } from "./registration.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The start of a profile page's loader: the person whose profile it is (another role is sent to its
 * own profile page), the confirmation of a new email address when they came from its link, and
 * what the form shows (the stored phone number formatted, with its country).
 */
export async function openProfilePage(request: Request, url: URL, context: Context, role: Role) {
  const user = requireUser(context);
  if (user.role !== role) throw redirect(PROFILE_PAGE[user.role]);
  const token = url.searchParams.get("confirm_email");
  if (token !== null) {
    const outcome = await confirmEmailChange(accountDeps(request, context), user.id, token);
    const message = outcome.ok ? `Your email address is now ${outcome.email}.` : outcome.message;
    throw redirect(PROFILE_PAGE[role], { headers: { "Set-Cookie": flashCookie(context.get(configContext), message) } });
  }
  const db = context.get(dbContext);
  const { name, email, profile } = await loadProfile(db, user.id);
  const phone = profile?.phone ? parsePhone(profile.phone).result : null;
  return {
    user,
    name,
    email,
    profile,
    phone: { formatted: phone?.formatted ?? "", country: phone?.country ?? undefined },
    countries: await countryChoices(db),
    preferredCountries: preferredPhoneCountries(context.get(configContext).SYSTEM_COUNTRY_ID),
  };
}

/**
 * The answer to a profile form: back to the profile page, saying where a new email address's link
 * went, or the form again with what was typed (never the password) when the current password was
 * missing, wrong or tried too often.
 */
export function profileSaved<V>(context: Context, role: Role, outcome: SaveOutcome, values: V) {
  if (!outcome.ok && "retryAfterSeconds" in outcome) {
    return data(
      { values, fieldErrors: {}, formError: tooManyTries(outcome.retryAfterSeconds, "your current password") },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (!outcome.ok)
    return data({ values, fieldErrors: { [outcome.field]: outcome.message }, formError: null }, { status: 400 });
  const message = outcome.emailChangeSentTo
    ? `Your profile is saved. We have sent a link to ${outcome.emailChangeSentTo}: your email address changes when you open it.`
    : "Your profile is saved.";
  return redirect(PROFILE_PAGE[role], {
    status: 303,
    headers: { "Set-Cookie": flashCookie(context.get(configContext), message) },
  });
}
