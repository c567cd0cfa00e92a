import { Form } from "react-router";
import { Link } from "~/components/link";
import { Confirmation } from "~/components/confirmation";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";

/** /forgot-password/{university_id}: the address to send a reset link to, or the same confirmation whatever it was. */
export function ForgotPasswordPage({
  university,
  sent,
  answer,
}: {
  university: { name: string };
  sent: boolean;
  answer?: FormAnswer<"email">;
}) {
  const errors = answer?.fieldErrors ?? {};
  if (sent) {
    return (
      <Confirmation title="Check your email" next={{ to: "/login", text: "Back to log in" }}>
        If an account uses the address you gave, we have sent it a link to choose a new password. The link works once,
        for one hour. Nothing there after a few minutes? Look in your spam folder, or check the address and ask again.
      </Confirmation>
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-muted">{`Enter the email address of your ${university.name} account and we will email you a link to choose a new password.`}</p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, ["email"])} answer={answer} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          spellCheck={false}
          required
          defaultValue={answer?.values?.email ?? ""}
          error={errors.email}
        />
        <SubmitButton>Send reset link</SubmitButton>
      </Form>
      <p className="mt-6">
        <Link to="/login" className="text-brand underline">
          Back to log in
        </Link>
      </p>
    </div>
  );
}
