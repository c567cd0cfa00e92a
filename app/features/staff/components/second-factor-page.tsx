import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { type FormAnswer, errorList } from "~/lib/validation";

export type SecondFactorAnswer = FormAnswer<"code"> & { recoveryCodes: string[] | null };

/**
 * /login/second-factor for platform staff: enrol an authenticator at the first login (QR code and
 * the secret in text), then the "Authentication code" at every login; after enrolment, the ten
 * recovery codes, shown this once.
 */
export function SecondFactorPage({
  waiting,
  enrolment,
  answer,
}: {
  waiting: boolean;
  enrolment: { qrSvg: string; secret: string } | null;
  answer?: SecondFactorAnswer;
}) {
  if (answer?.recoveryCodes) return <RecoveryCodes codes={answer.recoveryCodes} />;
  if (!waiting) {
    return (
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-bold">Two-step login</h1>
        <p className="mt-2">No login is waiting for a code here: it was finished, or it waited more than 10 minutes.</p>
        <p className="mt-4">
          <Link to="/login" className="text-brand underline">
            Log in
          </Link>
        </p>
      </div>
    );
  }
  const errors = answer?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">{enrolment ? "Set up two-step login" : "Two-step login"}</h1>
      {enrolment ? (
        <>
          <p className="mt-2">
            The operations console asks for a code from an authenticator app at every login. Scan this QR code with your
            app (Microsoft Authenticator, Google Authenticator, 1Password or another), or type the key below into it.
          </p>
          <div
            role="img"
            aria-label="QR code of your authenticator key"
            className="mt-4 w-48 border border-gray-300 bg-white"
            // Drawn on the server by the qrcode library from the otpauth address: our own markup, no user input.
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p className="mt-4">
            Key: <code className="font-mono text-lg tracking-wider">{enrolment.secret}</code>
          </p>
        </>
      ) : (
        <p className="mt-2 text-muted">Enter the code your authenticator app shows, or one of your recovery codes.</p>
      )}
      <ErrorSummary formError={answer?.formError} fields={errorList(errors, ["code"])} answer={answer} />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          name="code"
          label="Authentication code"
          hint={enrolment ? "The six digits your app shows for this account" : undefined}
          error={errors.code}
          autoComplete="one-time-code"
          inputMode={enrolment ? "numeric" : "text"}
          required
        />
        <SubmitButton>{enrolment ? "Turn on two-step login" : "Continue"}</SubmitButton>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Your recovery codes</h1>
      <p className="mt-2">
        Two-step login is on. If you lose your authenticator app, each of these codes logs you in once instead of a code
        from the app. Keep them somewhere safe, such as a password manager: <strong>they are shown only now.</strong>
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-lg">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="mt-6">
        <Link to="/ops" className="rounded bg-brand px-4 py-2.5 font-semibold text-white hover:opacity-90">
          Continue to the operations console
        </Link>
      </p>
    </div>
  );
}
