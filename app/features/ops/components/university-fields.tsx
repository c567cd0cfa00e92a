import { SelectField, TextField } from "~/components/form";
import type { FieldErrors } from "~/lib/validation";

/** What the details' fields show: the stored university, or what was typed into a refused form. */
export type DetailValues = {
  name: string;
  slug: string;
  country: string;
  email_domains: string;
  microsite_host: string;
  alumni_access_months: string;
  /** "on" when ticked. */
  self_registration: string;
};

/** A labelled tick box posting "on" under `name`, with its hint. */
export function Checkbox({
  name,
  id = name,
  label,
  hint,
  checked,
}: {
  name: string;
  id?: string;
  label: string;
  hint?: string;
  checked: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        type="checkbox"
        id={id}
        name={name}
        value="on"
        defaultChecked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 h-5 w-5"
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A university's details, the same on its creation and its page. */
export function UniversityFields({
  values,
  errors,
  countries,
}: {
  values: DetailValues;
  errors: FieldErrors;
  countries: readonly { id: number; name: string }[];
}) {
  return (
    <>
      <TextField name="name" label="Name" required maxLength={120} defaultValue={values.name} error={errors.name} />
      <TextField
        name="slug"
        label="Slug"
        hint="Names the university in addresses (/register/demo-university): lower-case letters, digits and hyphens."
        required
        spellCheck={false}
        autoCapitalize="none"
        maxLength={60}
        defaultValue={values.slug}
        error={errors.slug}
      />
      <SelectField
        name="country"
        label="Country"
        options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
        defaultValue={values.country}
        error={errors.country}
      />
      <TextField
        name="email_domains"
        label="Email domains"
        hint="One a line, like demo.ac.uk: addresses of these domains (and their subdomains) are the university's own. Leave empty for none."
        multiline
        rows={3}
        spellCheck={false}
        autoCapitalize="none"
        defaultValue={values.email_domains}
        error={errors.email_domains}
      />
      <TextField
        name="microsite_host"
        label="Microsite host"
        hint="The host name of the university's own site, like careers.demo.ac.uk. Leave empty for none."
        spellCheck={false}
        autoCapitalize="none"
        maxLength={253}
        defaultValue={values.microsite_host}
        error={errors.microsite_host}
      />
      <TextField
        name="alumni_access_months"
        label="Alumni access (months)"
        hint="How long a graduate's approved account stays open. Leave empty for no end."
        inputMode="numeric"
        maxLength={3}
        defaultValue={values.alumni_access_months}
        error={errors.alumni_access_months}
      />
      <Checkbox
        name="self_registration"
        label="Self-registration open"
        hint="Students register themselves with an address of the email domains. When closed, they come in by invitation or ask for access."
        checked={values.self_registration === "on"}
      />
    </>
  );
}
