import { Form, data, redirect } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import {
  ACCOUNT_STEPS,
  type AccountStep,
  accountStepPath,
  careersContact,
  isAccountStep,
  mainSiteContactUrl,
} from "~/features/auth/account-help";
import { universityChoices } from "~/features/auth/account-help.server";
import { AccountLinks, MicrositeHelp, UniversityChooser } from "~/features/auth/components/account-help";
import { LoginSchema, attemptLogin, sessionCookie } from "~/features/auth/login.server";
import { SESSION_COOKIE } from "~/features/auth/session.server";
import { parseCookies } from "~/lib/cookies";
import { clientIpContext, configContext } from "~/lib/context";
import { accessContext } from "~/features/access/context";
import { sessionsContext } from "~/features/auth/context";
import { pageTitle } from "~/lib/meta";
import { formOf } from "~/lib/request-body.server";
import { type FieldErrors, errorList, validate } from "~/lib/validation";
import { dbContext, rateLimiterContext } from "~/db/context";
import type { Route } from "./+types/login";

type Field = "email" | "password";

function variant(pattern: string) {
  return pattern.startsWith("/jumpstart-login") ? ("predeparture" as const) : ("main" as const);
}

export async function loader({ pattern, params, url, context }: Route.LoaderArgs) {
  const { microsite } = context.get(accessContext);
  const config = context.get(configContext);
  const db = context.get(dbContext);
  const which = variant(pattern);
  const linksFor = (university: string) =>
    Object.fromEntries(ACCOUNT_STEPS.map((step) => [step, accountStepPath(step, which, university)])) as Record<
      AccountStep,
      string
    >;
  const base = { variant: which, universityName: microsite?.name ?? null, links: null, chooser: null, help: null };

  if (microsite) {
    const help = { contact: careersContact(microsite), contactUsUrl: mainSiteContactUrl(config) };
    return { ...base, links: linksFor(microsite.slug), help };
  }
  // /login/user-email-password/{university_id} and /jumpstart-login/{university_id} name the university.
  const named = "university_id" in params ? params.university_id : undefined;
  if (named) return { ...base, links: linksFor(named) };

  const universities = await universityChoices(db);
  const next = url.searchParams.get("next");
  if (!isAccountStep(next)) return { ...base, chooser: { universities, error: null } };
  const chosen = universities.find((u) => u.slug === url.searchParams.get("university"));
  if (chosen) throw redirect(accountStepPath(next, which, chosen.slug));
  return { ...base, chooser: { universities, error: "Choose your university from the list" } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(configContext);
  const sessions = context.get(sessionsContext);
  const { microsite } = context.get(accessContext);
  const form = await formOf(request);
  const raw = { email: form.get("email"), password: form.get("password") };
  const email = typeof raw.email === "string" ? raw.email.slice(0, 254) : "";
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
  // A session that came with the request is ended: every login gets a new one.
  const previous = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE];
  if (previous) await sessions.revoke(previous);
  return redirect("/login-success", { status: 303, headers: { "Set-Cookie": sessionCookie(config, outcome.token) } });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.variant === "predeparture" ? "Pre-departure log in" : "Log in") }];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { variant, universityName, links, chooser, help } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const fieldList = errorList<Field>(errors, ["email", "password"]);

  const heading = variant === "predeparture" ? "Pre-departure log in" : "Log in";
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-2 text-muted">
        {variant === "predeparture"
          ? "Get ready for your studies abroad: log in to your Jumpstart account."
          : universityName
            ? `Use the account ${universityName} gave you.`
            : "Log in to find jobs, build your CV and follow your career plan."}
      </p>
      <ErrorSummary formError={actionData?.formError} fields={fieldList} answer={actionData} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          defaultValue={actionData?.email ?? ""}
          error={errors.email}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <SubmitButton>Log in</SubmitButton>
      </Form>
      {links ? <AccountLinks links={links} /> : null}
      {chooser ? <UniversityChooser universities={chooser.universities} error={chooser.error} /> : null}
      {help && universityName ? (
        <MicrositeHelp universityName={universityName} contact={help.contact} contactUsUrl={help.contactUsUrl} />
      ) : null}
    </div>
  );
}
