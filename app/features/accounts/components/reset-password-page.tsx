import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SubmitButton } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";
import { LinkProblem } from "./link-problem";
import { NewPasswordFields } from "./new-password-fields";

type Field = "password" | "confirm_password";
const ASK_AGAIN = "/login?next=forgot-password";

/** /reset-password/{token}: the new password, or why the link does not work and where to ask for another. */
export function ResetPasswordPage({ problem, answer }: { problem: string | null; answer?: FormAnswer<Field> }) {
  const errors = answer?.fieldErrors ?? {};
  if (problem) {
    return <LinkProblem problem={problem} next={{ to: ASK_AGAIN, text: "Ask for a new link" }} />;
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      <p className="mt-2 text-muted">Your new password logs you out everywhere else.</p>
      <ErrorSummary
        formError={answer?.formError}
        fields={errorList(errors, ["password", "confirm_password"])}
        answer={answer}
      />
      {answer?.formError ? (
        <p className="mt-4">
          <Link to={ASK_AGAIN} className="text-brand underline">
            Ask for a new link
          </Link>
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <NewPasswordFields errors={errors} />
        <SubmitButton>Save new password</SubmitButton>
      </Form>
    </div>
  );
}
