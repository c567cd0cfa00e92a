import { useNavigation } from "react-router";

/** The message under a field; its id is `${id}-error`, for the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

/** The ids a field is described by, skipping the ones that are not shown. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/** A form's submit button, disabled while the form is on its way. */
export function SubmitButton({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      disabled={navigation.state === "submitting"}
      className="w-full rounded bg-brand px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-70"
    >
      {children}
    </button>
  );
}
