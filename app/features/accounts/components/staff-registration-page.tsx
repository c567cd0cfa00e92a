import { Form } from "react-router";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SelectField, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import { STAFF_FIELDS, type StaffField } from "../approval-schemas";

/** /university-user-registration: staff asking for an administrator account, which their university approves. */
export function StaffRegistrationPage({
  universities,
  sent,
  answer,
}: {
  universities: { value: string; label: string }[];
  sent: boolean;
  answer?: FormAnswer<StaffField>;
}) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  if (sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Go to log in" }}>
        We have sent an email to the address you gave. If it is new to us, open the link in it to confirm the address
        and choose a password (the link works for 24 hours); an administrator of your university then approves your
        account, and we email you when they decide. If the address already has an account, the email says how to log in.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Ask for a university administrator account</h1>
      <p className="mt-2 text-muted">
        For careers and international student staff of a partner university: manage your students&apos; access,
        invitations and analytics. An administrator of your university approves your account.
      </p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, STAFF_FIELDS)} answer={answer} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <SelectField
          name="university"
          label="University"
          options={universities}
          defaultValue={values.university ?? ""}
          error={errors.university}
        />
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
          label="Work email"
          hint="Your address at the university."
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          defaultValue={values.email ?? ""}
          error={errors.email}
        />
        <TextField
          name="job_title"
          label="Job title"
          hint="For example, Careers adviser."
          type="text"
          autoComplete="organization-title"
          required
          defaultValue={values.job_title ?? ""}
          error={errors.job_title}
        />
        <SubmitButton>Ask for an account</SubmitButton>
      </Form>
    </div>
  );
}
