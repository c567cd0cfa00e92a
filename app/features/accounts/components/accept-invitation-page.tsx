import { Form } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import { LinkProblem } from "./link-problem";
import { NewPasswordFields } from "./new-password-fields";

type Field = "name" | "password" | "confirm_password";
const FIELDS: readonly Field[] = ["name", "password", "confirm_password"];

/** /register-invite/{user_id}: an invited student's name and password (step 1 of 2), or why the invitation does not work. */
export function AcceptInvitationPage({
  email,
  problem,
  answer,
}: {
  email: string | null;
  problem: string | null;
  answer?: FormAnswer<Field> & { name: string };
}) {
  const errors = answer?.fieldErrors ?? {};
  if (problem) {
    return (
      <LinkProblem
        title="This invitation does not work"
        problem={problem}
        advice="Ask your university's careers service to send it again, or log in if you already accepted it."
        next={{ to: "/login", text: "Log in" }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-md">
      <p className="text-sm font-semibold text-muted">Step 1 of 2</p>
      <h1 className="text-3xl font-bold">Accept your invitation</h1>
      <p className="mt-2 text-muted">{`You will log in as ${email}.`}</p>
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, FIELDS)} answer={answer} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="name"
          label="Full name"
          type="text"
          autoComplete="name"
          required
          defaultValue={answer?.name ?? ""}
          error={errors.name}
        />
        <NewPasswordFields errors={errors} fresh />
        <SubmitButton>Accept invitation</SubmitButton>
      </Form>
    </div>
  );
}
