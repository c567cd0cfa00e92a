import { TextField } from "~/components/form";

/**
 * The two fields of every form that sets a password (`password` and `confirm_password`), labelled
 * "Password" or "New password" as the page needs.
 */
export function NewPasswordFields({
  errors,
  fresh = false,
}: {
  errors: { password?: string; confirm_password?: string };
  fresh?: boolean;
}) {
  const label = fresh ? "Password" : "New password";
  return (
    <>
      <TextField
        name="password"
        label={label}
        hint="At least 10 characters. A few unrelated words make a strong password that is easy to remember."
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <TextField
        name="confirm_password"
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm_password}
      />
    </>
  );
}
