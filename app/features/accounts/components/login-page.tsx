import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import type { LoginPageData } from "../login-page.server";
import { AccountLinks, MicrositeHelp, UniversityChooser } from "~/features/auth";

type Field = "email" | "password";

/** The login form (main or pre-departure), with the account links, the university chooser or a microsite's help. */
export function LoginPage({
  data,
  answer,
}: {
  data: LoginPageData;
  answer?: FormAnswer<Field> & { email: string; sso?: { name: string; path: string } };
}) {
  const { variant, universityName, links, chooser, help } = data;
  const sso = answer?.sso ?? data.sso;
  const errors = answer?.fieldErrors ?? {};
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
      <ErrorSummary formError={answer?.formError} fields={fieldList} answer={answer} />
      {sso ? (
        <p className="mt-6">
          {/* A document navigation: the login continues at the university's identity provider. */}
          <a
            href={sso.path}
            className="inline-block min-h-11 rounded bg-brand px-4 py-2.5 font-semibold text-white hover:opacity-90"
          >
            {`Log in with ${sso.name}`}
          </a>
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          defaultValue={answer?.email ?? ""}
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

/** /login-success for someone no longer logged in: their session ended between the form and here. */
export function SessionEnded() {
  return (
    <section className="max-w-xl">
      <h1 className="text-3xl font-bold">You are not logged in</h1>
      <p className="mt-4">
        Your session may have ended.{" "}
        <Link className="text-blue-700 underline" to="/login">
          Log in again
        </Link>{" "}
        to carry on.
      </p>
    </section>
  );
}
