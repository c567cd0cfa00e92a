import { Form } from "react-router";
import { Link } from "~/components/link";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import { ALUMNI_FIELDS, type AlumniField, FIRST_ALUMNI_YEAR } from "../approval-schemas";

/** /alumni-student-registration/{university_id}: a graduate's registration, which the university approves. */
export function AlumniRegistrationPage({
  university,
  thisYear,
  sent,
  answer,
}: {
  university: { slug: string; name: string };
  thisYear: number;
  sent: boolean;
  answer?: FormAnswer<AlumniField>;
}) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  if (sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Go to log in" }}>
        {`We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address and choose a password (the link works for 24 hours); ${university.name} then checks that you graduated there, and we email you when they decide. If the address already has an account, the email says how to log in.`}
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{`Register as a ${university.name} graduate`}</h1>
      <p className="mt-2 text-muted">
        {`Graduates keep using ${university.name}'s careers platform. Use any email address you read: the careers service checks that you graduated before your account opens.`}
      </p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, ALUMNI_FIELDS)} answer={answer} />
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
          hint="The course you graduated from, for example MSc Data Science."
          type="text"
          required
          defaultValue={values.course ?? ""}
          error={errors.course}
        />
        <TextField
          name="graduation_year"
          label="Graduation year"
          hint={`Four digits, from ${FIRST_ALUMNI_YEAR} to ${thisYear}.`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={values.graduation_year ?? ""}
          error={errors.graduation_year}
        />
        <SubmitButton>Create account</SubmitButton>
      </Form>
      <p className="mt-6">
        {`Still studying at ${university.name}? `}
        <Link to={`/register/${university.slug}`} className="text-brand underline">
          Register as a student
        </Link>
      </p>
    </div>
  );
}
