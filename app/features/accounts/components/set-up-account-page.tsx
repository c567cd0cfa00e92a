import { Form } from "react-router";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import { LinkProblem } from "./link-problem";
import { NewPasswordFields } from "./new-password-fields";

type Field = "password" | "confirm_password";

/** /register/setup-account-redirection/{email}: the password of a confirmed address (step 1 of 2 for a student). */
export function SetUpAccountPage({
  email,
  steps,
  problem,
  answer,
}: {
  email: string | null;
  steps: number;
  problem: string | null;
  answer?: FormAnswer<Field>;
}) {
  const errors = answer?.fieldErrors ?? {};
  if (problem) {
    return (
      <LinkProblem
        problem={problem}
        advice="If you already chose a password, log in. Otherwise register again for a new link."
        next={{ to: "/login?next=register", text: "Register again" }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-md">
      {steps > 1 ? <p className="text-sm font-semibold text-muted">{`Step 1 of ${steps}`}</p> : null}
      <h1 className="text-3xl font-bold">Choose your password</h1>
      <p className="mt-2 text-muted">{`Choose the password you will log in with as ${email}.`}</p>
      <ErrorSummary
        formError={answer?.formError}
        fields={errorList(errors, ["password", "confirm_password"])}
        answer={answer}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <NewPasswordFields errors={errors} fresh />
        <SubmitButton>Continue</SubmitButton>
      </Form>
    </div>
  );
}
