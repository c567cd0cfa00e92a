import { Form } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { errorList } from "~/lib/validation";
import type { ChangePasswordAnswer, ChangePasswordField } from "../change-password-page.server";
import { NewPasswordFields } from "./new-password-fields";

const FIELDS: readonly ChangePasswordField[] = ["current_password", "password", "confirm_password"];

/** The form that changes a logged-in person's password. */
export function ChangePasswordPage({ answer }: { answer?: ChangePasswordAnswer }) {
  const errors: Partial<Record<ChangePasswordField, string>> = answer?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Change your password</h1>
      <p className="mt-2 text-muted">Changing it logs you out on every other device.</p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, FIELDS)} answer={answer} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current_password}
        />
        <NewPasswordFields errors={errors} />
        <SubmitButton>Change password</SubmitButton>
      </Form>
    </div>
  );
}
