import { Form } from "react-router";
import { Link } from "~/components/link";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import { PREDEPARTURE_FIELDS, type PredepartureField } from "../predeparture-schema";

/** /jumpstart-register/{university_id}: a pre-departure student's registration, from any address. */
export function PredepartureRegistrationPage({
  university,
  sent,
  answer,
}: {
  university: { slug: string; name: string };
  sent: boolean;
  answer?: FormAnswer<PredepartureField>;
}) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  if (sent) {
    return (
      <Confirmation
        title="Check your email"
        next={{ to: `/jumpstart-login/${university.slug}`, text: "Go to the pre-departure log in" }}
      >
        We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address
        and choose a password (the link works for 24 hours); if it already has an account, the email says how to log in.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Pre-departure registration</h1>
      <p className="mt-2 text-muted">{`Holding an offer from ${university.name}? Get ready before you travel: guides, employers to know and part-time work, from any email address.`}</p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, PREDEPARTURE_FIELDS)} answer={answer} />
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
        <TextField
          name="course"
          label="Course"
          hint="The course of your offer."
          type="text"
          required
          defaultValue={values.course ?? ""}
          error={errors.course}
        />
        <TextField
          name="course_start"
          label="Course start date"
          hint="As your offer letter gives it, like 2027-09-21."
          type="date"
          required
          defaultValue={values.course_start ?? ""}
          error={errors.course_start}
        />
        <SubmitButton>Create account</SubmitButton>
      </Form>
      <p className="mt-6">
        Already registered?{" "}
        <Link to={`/jumpstart-login/${university.slug}`} className="text-brand underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
