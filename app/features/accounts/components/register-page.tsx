import { Form } from "react-router";
import { Link } from "~/components/link";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";

type Field = "name" | "email";

/** /register/{university_id}: a student's registration with a university address, or its confirmation. */
export function RegisterPage({
  university,
  closed,
  sent,
  answer,
}: {
  university: { slug: string; name: string; domains: string };
  /** Why nobody registers here (the university closed its self-registration), or null. */
  closed: string | null;
  sent: boolean;
  answer?: FormAnswer<Field>;
}) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  if (sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Go to log in" }}>
        We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address
        and choose a password (the link works for 24 hours); if it already has an account, the email says how to log in.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{`Create your ${university.name} account`}</h1>
      {closed ? (
        <p className="mt-4">{closed}</p>
      ) : (
        <>
          <p className="mt-2 text-muted">
            {university.domains
              ? `Use your university email address (ending ${university.domains}). We will send it a link to confirm it.`
              : "We will send your email address a link to confirm it."}
          </p>
          <ErrorSummary formError={answer?.formError} fields={errorList(errors, ["name", "email"])} answer={answer} />
          <Form method="post" className="mt-6 space-y-5" noValidate>
            <TextField
              name="name"
              label="Full name"
              type="text"
              autoComplete="name"
              required
              defaultValue={values.name ?? ""}
              error={errors.name}
            />
            <TextField
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              spellCheck={false}
              required
              defaultValue={values.email ?? ""}
              error={errors.email}
            />
            <SubmitButton>Create account</SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-6">
        {`Your email address is not a ${university.name} one? `}
        <Link to={`/request-access/${university.slug}`} className="text-brand underline">
          {`Ask ${university.name} for access`}
        </Link>
      </p>
      <p className="mt-3">
        {`Graduated from ${university.name}? `}
        <Link to={`/alumni-student-registration/${university.slug}`} className="text-brand underline">
          Register as a graduate
        </Link>
      </p>
      <p className="mt-3">
        Already registered?{" "}
        <Link to="/login" className="text-brand underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
