import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, TextField } from "~/components/form";
import type { FormAnswer } from "~/lib/validation";

/** /account/delete: what deleting removes and keeps, and the password that confirms it. */
export function DeleteAccountPage({ profilePath, answer }: { profilePath: string; answer?: FormAnswer<"password"> }) {
  const errors = answer?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold">Delete your account</h1>
      <p className="mt-3">Deleting your account removes, at once and for good:</p>
      <ul className="mt-2 list-disc pl-6">
        <li>your account, profile and sessions: you are logged out everywhere;</li>
        <li>your saved results and lists, your requests and invitations, and the emails we hold for you.</li>
      </ul>
      <p className="mt-3">
        Messages and stories you sent us stay, without your name, address or phone where they were only for replying.
        Your university keeps a count of accounts that no longer exist, with nothing that names you.
      </p>
      <p className="mt-3">
        <a href="/account/your-data.json" className="text-brand underline" download>
          Download your data first
        </a>{" "}
        (a JSON file) if you want to keep a copy.
      </p>
      <ErrorSummary
        formError={answer?.formError}
        fields={errors.password ? [{ field: "password", message: errors.password }] : []}
        answer={answer}
      />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="password"
          label="Password"
          hint="Your password confirms it is you."
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <button
          type="submit"
          className="w-full rounded bg-red-800 px-4 py-2.5 font-semibold text-white hover:bg-red-900"
        >
          Delete my account
        </button>
      </Form>
      <p className="mt-6">
        <Link to={profilePath} className="text-brand underline">
          Keep my account
        </Link>
      </p>
    </div>
  );
}
