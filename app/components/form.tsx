import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { Link } from "./link";

const INPUT_CLASS = "mt-1 w-full rounded border border-slate-500 px-3 py-2";

type InputAttributes = Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id">;
type TextareaAttributes = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">;
type TextFieldProps = {
  /** The field's name, also its id (so the error summary can link to it). */
  name: string;
  /** Another id, where several forms on one page have a field of the same name. */
  id?: string;
  label: string;
  hint?: string;
  error?: string;
} & (({ multiline?: false } & InputAttributes) | ({ multiline: true } & TextareaAttributes));

/** The ids a field's hint and error have, for its aria-describedby. */
function describedByOf(name: string, hint?: string, error?: string): string | undefined {
  return [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(" ") || undefined;
}

function Hint({ name, hint }: { name: string; hint?: string }) {
  return hint ? (
    <p id={`${name}-hint`} className="text-sm text-muted">
      {hint}
    </p>
  ) : null;
}

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={`${name}-error`} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

/** A field's label, hint, control and error, in the order a screen reader and the eye meet them. */
function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={name} className="block font-medium">
        {label}
      </label>
      <Hint name={name} hint={hint} />
      {children}
      <FieldError name={name} error={error} />
    </div>
  );
}

/** A labelled text field with its hint and error, each tied to it with aria-describedby. */
export function TextField({ name, id = name, label, hint, error, multiline, ...attributes }: TextFieldProps) {
  const shared = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedByOf(id, hint, error),
    className: INPUT_CLASS,
  };
  return (
    <Field name={id} label={label} hint={hint} error={error}>
      {multiline ? (
        <textarea {...(attributes as TextareaAttributes)} {...shared} />
      ) : (
        <input {...(attributes as InputAttributes)} {...shared} />
      )}
    </Field>
  );
}

/** A labelled list of choices, with an empty first option so a choice is always made on purpose. */
export function SelectField({
  name,
  label,
  hint,
  error,
  options,
  defaultValue = "",
  placeholder = "Choose…",
  required = true,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  placeholder?: string;
  required?: boolean;
}) {
  return (
    <Field name={name} label={label} hint={hint} error={error}>
      <select
        id={name}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(name, hint, error)}
        className={`${INPUT_CLASS} bg-white`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type ChoiceProps = {
  name: string;
  legend: string;
  hint?: string;
  error?: string;
  options: readonly { value: string; label: string }[];
};

/** Choices under one legend with the group's hint and error; the error summary links to the fieldset by its id. */
function Choices({
  name,
  legend,
  hint,
  error,
  options,
  input,
  columns,
  boxed,
}: ChoiceProps & { input: (o: { value: string }) => React.ReactNode; columns: string; boxed: boolean }) {
  return (
    <fieldset id={name} tabIndex={-1} aria-describedby={describedByOf(name, hint, error)}>
      <legend className="font-medium">{legend}</legend>
      <Hint name={name} hint={hint} />
      <div className={`mt-2 grid gap-2 ${columns}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex items-center gap-2${boxed ? " rounded border border-slate-300 bg-white px-3 py-2" : ""}`}
          >
            {input(o)}
            {o.label}
          </label>
        ))}
      </div>
      <FieldError name={name} error={error} />
    </fieldset>
  );
}

/** Tick boxes under one legend (each posts its value under `name`), with the group's hint and error. */
/** A public form's sender: their name and email, filled in for a person who is signed in. */
export function SenderFields({
  nameLabel,
  emailLabel,
  emailHint,
  values,
  errors,
  prefill,
}: {
  nameLabel: string;
  emailLabel: string;
  emailHint: string;
  values: { name?: string; email?: string };
  errors: { name?: string; email?: string };
  prefill: { name: string; email: string } | null;
}) {
  return (
    <>
      <TextField
        name="name"
        label={nameLabel}
        type="text"
        autoComplete="name"
        required
        defaultValue={values.name ?? prefill?.name ?? ""}
        error={errors.name}
      />
      <TextField
        name="email"
        label={emailLabel}
        hint={emailHint}
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
        defaultValue={values.email ?? prefill?.email ?? ""}
        error={errors.email}
      />
    </>
  );
}

export function CheckboxGroup({ checked, ...props }: ChoiceProps & { checked: readonly string[] }) {
  return (
    <Choices
      {...props}
      columns="sm:grid-cols-2"
      boxed={false}
      input={(o) => (
        <input
          type="checkbox"
          name={props.name}
          value={o.value}
          defaultChecked={checked.includes(o.value)}
          className="h-5 w-5"
        />
      )}
    />
  );
}

/** Choices of which one is picked (a radio button each), under one legend, with the group's hint and error. */
export function RadioGroup({ checked, ...props }: ChoiceProps & { checked?: string }) {
  return (
    <Choices
      {...props}
      columns="sm:grid-cols-3"
      boxed
      input={(o) => (
        <input
          type="radio"
          name={props.name}
          value={o.value}
          defaultChecked={checked === o.value}
          required
          className="h-5 w-5"
        />
      )}
    />
  );
}

/**
 * The list of what went wrong, above a form. It takes focus each time the server answers
 * (`answer` changes), and each field's message links to the field.
 */
export function ErrorSummary({
  formError,
  fields,
  answer,
}: {
  formError?: string | null;
  fields: { field: string; message: string }[];
  answer: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = !!formError || fields.length > 0;
  useEffect(() => {
    if (answer && shown) ref.current?.focus();
  }, [answer, shown]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mt-6 rounded border-2 border-red-700 bg-red-50 p-4 text-red-900"
    >
      <h2 className="font-semibold">There is a problem</h2>
      <ul className="mt-2 list-disc pl-5">
        {formError ? <li>{formError}</li> : null}
        {fields.map(({ field, message }) => (
          <li key={field}>
            <a
              href={`#${field}`}
              className="underline"
              onClick={(event) => {
                const target = document.getElementById(field);
                if (!target) return;
                event.preventDefault();
                target.focus();
                target.scrollIntoView({ block: "center" });
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What a public form's details are used for, with the privacy policy beside it ("to answer your message"). */
export function PrivacyNote({ use }: { use: string }) {
  return (
    <p className="text-sm text-muted">
      {`We use your details only ${use}. Read how in our `}
      <Link to="/privacy-policy" className="underline">
        privacy policy
      </Link>
      .
    </p>
  );
}

/** The honeypot field `website`: out of sight and out of the tab order for people, filled in by bots (receivePublicForm). */
export function Honeypot({ id = "website" }: { id?: string }) {
  return (
    <div className="sr-only">
      <label htmlFor={id}>Leave this empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
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
