import { type RouterContextProvider, data, redirect } from "react-router";
import { dbContext, rateLimiterContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { PREV_URL_COOKIE, isDestination, prevUrlCookie } from "~/features/access/index.server";
import { parseCookies } from "~/lib/cookies";
import { clientIpContext, configContext } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { formOf } from "~/lib/request-body.server";
import { ROLE_HOME } from "~/lib/roles";
import { publicOrigin } from "~/lib/public-origin";
import { safeLocalPath } from "~/lib/safe-redirect";
import { type FieldErrors, validate } from "~/lib/validation";
import {
  ACCOUNT_STEPS,
  type AccountStep,
  accountStepPath,
  careersContact,
  isAccountStep,
  mainSiteContactUrl,
} from "~/features/auth";
import { universityChoices } from "~/features/auth/index.server";
import { sessionsContext } from "~/features/auth";
import { LoginSchema, attemptLogin, sessionCookie } from "~/features/auth/index.server";
import { SESSION_COOKIE } from "~/features/auth/index.server";
import { ssoRealmOfEmail, ssoRealmOfUniversity } from "~/features/sso/index.server";
import { startSecondFactor } from "~/features/staff/index.server";

type Context = Readonly<RouterContextProvider>;
type Field = "email" | "password";

function variant(pattern: string) {
  return pattern.startsWith("/jumpstart-login") ? ("predeparture" as const) : ("main" as const);
}

/**
 * /login, /jumpstart-login and their per-university paths: the form, with the links to forgot-password
 * and registration where the university is known, else a chooser of universities (a GET form this
 * loader answers with a redirect).
 */
export async function loadLoginPage(
  pattern: string,
  params: Readonly<Partial<Record<string, string>>>,
  url: URL,
  context: Context,
) {
  const { microsite } = context.get(accessContext);
  const config = context.get(configContext);
  const db = context.get(dbContext);
  const which = variant(pattern);
  const linksFor = (university: string) =>
    Object.fromEntries(ACCOUNT_STEPS.map((step) => [step, accountStepPath(step, which, university)])) as Record<
      AccountStep,
      string
    >;
  const base = {
    variant: which,
    universityName: microsite?.name ?? null,
    links: null,
    chooser: null,
    help: null,
    sso: null as { name: string; path: string } | null,
  };
  // A university with single sign-on offers it first on its own login pages. A login through an IdP
  // runs on the main site, where its redirect URI and ACS are, so a microsite links there.
  const ssoOf = async (slug: string, origin = "") => {
    const realm = await ssoRealmOfUniversity(db, slug);
    return realm ? { name: realm.name, path: `${origin}${realm.path}` } : null;
  };

  if (microsite) {
    const help = { contact: careersContact(microsite), contactUsUrl: mainSiteContactUrl(config) };
    return { ...base, links: linksFor(microsite.slug), help, sso: await ssoOf(microsite.slug, publicOrigin(config)) };
  }
  // /login/user-email-password/{university_id} and /jumpstart-login/{university_id} name the university.
  const named = "university_id" in params ? params.university_id : undefined;
  if (named) return { ...base, links: linksFor(named), sso: await ssoOf(named) };

  const universities = await universityChoices(db);
  const next = url.searchParams.get("next");
  if (!isAccountStep(next)) return { ...base, chooser: { universities, error: null } };
  const chosen = universities.find((u) => u.slug === url.searchParams.get("university"));
  if (chosen) throw redirect(accountStepPath(next, which, chosen.slug));
  return { ...base, chooser: { universities, error: "Choose your university from the list" } };
}

export type LoginPageData = Awaited<ReturnType<typeof loadLoginPage>>;

/** The login form's post: a new session and on to /login-success, or the form again with why not. */
export async function logIn(request: Request, context: Context) {
  const config = context.get(configContext);
  const sessions = context.get(sessionsContext);
  const { microsite } = context.get(accessContext);
  const form = await formOf(request);
  const raw = { email: form.get("email"), password: form.get("password") };
  const email = typeof raw.email === "string" ? raw.email.slice(0, 254) : "";
  // Home-realm discovery: an address of a university with single sign-on goes to its login when no
  // password is typed, and always when the university allows no password.
  const realm = email.includes("@") ? await ssoRealmOfEmail(context.get(dbContext), email.trim()) : null;
  if (realm && !raw.password) return redirect(realm.path, { status: 303 });
  if (realm?.mode === "sso_only")
    return data(
      {
        fieldErrors: {} as FieldErrors<Field>,
        formError: `${realm.name} accounts log in with single sign-on only, not a password here: choose “Log in with ${realm.name}”.`,
        email,
        sso: { name: realm.name, path: realm.path },
      },
      { status: 403 },
    );
  const parsed = validate<typeof LoginSchema, Field>(LoginSchema, raw);
  if (!parsed.success) return data({ fieldErrors: parsed.fieldErrors, formError: null, email }, { status: 400 });
  const outcome = await attemptLogin(
    { db: context.get(dbContext), sessions, rateLimiter: context.get(rateLimiterContext) },
    parsed.data,
    context.get(clientIpContext),
    microsite,
  );
  if (!outcome.ok) {
    return data(
      { fieldErrors: {} as FieldErrors<Field>, formError: outcome.message, email },
      {
        status: outcome.status,
        headers: outcome.status === 429 ? { "Retry-After": String(outcome.retryAfterSeconds) } : {},
      },
    );
  }
  if ("secondFactorFor" in outcome) return startSecondFactor(context, outcome.secondFactorFor);
  // A session that came with the request is ended: every login gets a new one.
  const previous = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE];
  if (previous) await sessions.revoke(previous);
  return redirect("/login-success", { status: 303, headers: { "Set-Cookie": sessionCookie(config, outcome.token) } });
}

/**
 * Where a freshly logged-in user lands: the page they were turned away from, else their home page
 * (null for a visitor, whose session has ended). `notADestination` comes from the route table.
 */
export function landAfterLogin(request: Request, context: Context, notADestination: readonly string[]) {
  const { user } = context.get(accessContext);
  if (!user) return null;
  const config = context.get(configContext);
  const wanted = safeLocalPath(parseCookies(request.headers.get("cookie"))[PREV_URL_COOKIE]);
  const target = wanted && isDestination(wanted, notADestination) ? wanted : ROLE_HOME[user.role];
  return redirect(target, { status: 302, headers: { "Set-Cookie": prevUrlCookie(config, null) } });
}

/** Logging out ends the request's session and says so on the home page. */
export async function logOut(request: Request, context: Context) {
  const config = context.get(configContext);
  const token = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE];
  if (token) await context.get(sessionsContext).revoke(token);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(config, null));
  headers.append("Set-Cookie", flashCookie(config, "You have logged out."));
  return redirect("/", { status: 303, headers });
}
