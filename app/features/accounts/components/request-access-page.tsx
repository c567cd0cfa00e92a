import { Form } from "react-router";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import { ACCESS_REQUEST_FIELDS, type AccessRequestField } from "../access-request-schema";

/** /request-access/{university_id}: a student without a university address asks the careers service. */
export function RequestAccessPage({
  university,
  sent,
  answer,
}: {
  university: { name: string };
  sent: boolean;
  answer?: FormAnswer<AccessRequestField>;
}) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  if (sent) {
    return (
      <Confirmation title="Request sent" next={{ to: "/", text: "Go to the home page" }}>
        {`${university.name} will check your request. We have emailed you that we have it, and we will email you again when they decide.`}
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{`Request access to ${university.name} careers`}</h1>
      <p className="mt-2 text-muted">
        {`Your email address is not a ${university.name} one? Tell us who you are and the university's careers service will check your request.`}
      </p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, ACCESS_REQUEST_FIELDS)} answer={answer} />
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
          name="student_number"
          label="Student number"
          hint="As it is on your student card."
          type="text"
          autoComplete="off"
          required
          defaultValue={values.student_number ?? ""}
          error={errors.student_number}
        />
        <TextField
          name="course"
          label="Course"
          hint="For example, MSc Data Science."
          type="text"
          required
          defaultValue={values.course ?? ""}
          error={errors.course}
        />
        <SubmitButton>Request access</SubmitButton>
      </Form>
    </div>
  );
}
