import { TextField } from "~/components/form";

/**
 * The "Authentication code" a sensitive action asks for (`freshCodeProblem` checks it); `id` tells
 * apart the fields of several such forms on one page.
 */
export function FreshCodeField({ error, id = "code" }: { error?: string; id?: string }) {
  return (
    <TextField
      name="code"
      id={id}
      label="Authentication code"
      hint="This change needs a new code from your authenticator app."
      error={error}
      autoComplete="one-time-code"
      inputMode="numeric"
      required
    />
  );
}
