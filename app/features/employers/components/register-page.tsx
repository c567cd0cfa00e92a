import { Form } from "react-router";
import { Link } from "~/components/link";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, Honeypot, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import { EMPLOYER_FIELDS, type EmployerField } from "../registration-schema";

/** /employer/register: an organisation's first person registers it with their work email. */
export function EmployerRegisterPage({ sent, answer }: { sent: boolean; answer?: FormAnswer<EmployerField> }) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  if (sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Go to log in" }}>
        We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address
        and choose a password (the link works for 24 hours). You then find your organisation on the sponsor register,
        and we verify it. If the address already has an account, the email says how to log in.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Register as an employer</h1>
      <p className="mt-2 text-muted">
        Post jobs for international students. We verify every employer: your work email must be at your
        organisation&apos;s website, and a licensed sponsor is matched to the Home Office register. Already registered?{" "}
        <Link to="/login" className="underline">
          Log in
        </Link>
        .
      </p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, EMPLOYER_FIELDS)} answer={answer} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="organisation_name"
          label="Organisation name"
          type="text"
          autoComplete="organization"
          required
          defaultValue={values.organisation_name ?? ""}
          error={errors.organisation_name}
        />
        <TextField
          name="organisation_website"
          label="Organisation website"
          hint="For example, www.example.com."
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          required
          defaultValue={values.organisation_website ?? ""}
          error={errors.organisation_website}
        />
        <TextField
          name="name"
          label="Your full name"
          type="text"
          autoComplete="name"
          required
          defaultValue={values.name ?? ""}
          error={errors.name}
        />
        <TextField
          name="email"
          label="Work email"
          hint="Your address at your organisation's website domain."
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          defaultValue={values.email ?? ""}
          error={errors.email}
        />
        <Honeypot />
        <SubmitButton>Register</SubmitButton>
      </Form>
    </div>
  );
}
