import { TextField } from "~/components/form";

/** The profile pages' "Current password", which a change of email address needs. */
export function CurrentPasswordInput({ error }: { error?: string }) {
  return (
    <TextField
      name="current_password"
      label="Current password"
      hint="Needed only when you change your email address."
      type="password"
      autoComplete="current-password"
      maxLength={1024}
      error={error}
    />
  );
}
