import { TextField } from "~/components/form";
import { ENGLISH_LEVELS, PARTNER_SITUATIONS, QUALIFICATIONS, type Choice, type RuleSet } from "../rules";
import { type BooleanAnswer, type FieldErrors, type RawAnswers, isTicked } from "../schema";

/** The yes-or-no factors, in the order the form asks them. */
const OTHER_POINTS: { name: BooleanAnswer; label: string }[] = [
  {
    name: "australianStudy",
    label:
      "I meet the Australian study requirement (at least 2 academic years of CRICOS-registered study in Australia)",
  },
  {
    name: "regionalStudy",
    label: "I did that study while living and studying in regional Australia (not by distance education)",
  },
  {
    name: "specialistEducation",
    label: "I have an Australian Masters or Doctorate by research in a STEM field (at least 2 academic years)",
  },
  {
    name: "professionalYear",
    label: "I completed a Professional Year in Australia in the 4 years before the invitation",
  },
  { name: "communityLanguage", label: "I hold a NAATI credentialled community language" },
];

const points = (n: number) => `${n} point${n === 1 ? "" : "s"}`;
const EMPLOYMENT_HINT =
  "In your nominated or a closely related occupation, at least 20 hours a week, within the 10 years before the invitation. Decimals are fine, like 2.5.";

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={`${name}-error`} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

/**
 * One answer among several, as radio buttons in a fieldset. The fieldset carries the answer's id
 * (focusable from the error summary) and the error.
 */
function ChoiceField<T extends string>(props: {
  name: string;
  legend: string;
  hint?: string;
  values: readonly T[];
  choices: Record<T, Choice>;
  defaultValue: string;
  error?: string;
}) {
  const { name, legend, hint, values, choices, defaultValue, error } = props;
  const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset
      id={name}
      tabIndex={-1}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      className="focus:outline-none"
    >
      <legend className="font-medium">{legend}</legend>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} error={error} />
      <div className="mt-2 space-y-2">
        {values.map((value) => (
          <div key={value} className="flex items-start gap-2">
            <input
              id={`${name}-${value}`}
              type="radio"
              name={name}
              value={value}
              defaultChecked={defaultValue === value}
              className="mt-1 size-4"
            />
            <label htmlFor={`${name}-${value}`}>
              {choices[value].label} <span className="text-muted">({points(choices[value].points)})</span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function YesNoField({
  name,
  label,
  worth,
  defaultChecked,
  error,
}: {
  name: string;
  label: string;
  worth: number;
  defaultChecked: boolean;
  error?: string;
}) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={name}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          className="mt-1 size-4"
        />
        <label htmlFor={name}>
          {label} <span className="text-muted">({points(worth)})</span>
        </label>
      </div>
      <FieldError name={name} error={error} />
    </div>
  );
}

/**
 * The calculator's questions. The three without a default come first, so the points show early
 * and then follow every further answer. Uncontrolled: the form reads them.
 */
export function AnswersFields({ rules, values, errors }: { rules: RuleSet; values: RawAnswers; errors: FieldErrors }) {
  return (
    <div className="space-y-6">
      <TextField
        name="dateOfBirth"
        label="Date of birth"
        type="date"
        required
        autoComplete="bday"
        defaultValue={values.dateOfBirth}
        error={errors.dateOfBirth}
      />
      <TextField
        name="invitationDate"
        label="Invitation date"
        hint="Points count on the day you are invited to apply. Leave it empty for today."
        type="date"
        defaultValue={values.invitationDate}
        error={errors.invitationDate}
      />
      <ChoiceField
        name="english"
        legend="English language ability"
        hint="From a test taken in the 3 years before the invitation. Competent is the least you need to apply."
        values={ENGLISH_LEVELS}
        choices={rules.english}
        defaultValue={values.english}
        error={errors.english}
      />
      <ChoiceField
        name="partner"
        legend="Partner"
        hint="Choose the one that applies to you."
        values={PARTNER_SITUATIONS}
        choices={rules.partner}
        defaultValue={values.partner}
        error={errors.partner}
      />
      <TextField
        name="overseasEmploymentYears"
        label="Years of skilled employment outside Australia"
        hint={EMPLOYMENT_HINT}
        type="number"
        inputMode="decimal"
        min={0}
        max={10}
        step="any"
        defaultValue={values.overseasEmploymentYears}
        error={errors.overseasEmploymentYears}
      />
      <TextField
        name="australianEmploymentYears"
        label="Years of skilled employment in Australia"
        hint={`${EMPLOYMENT_HINT} Both kinds of employment together give at most ${rules.employmentCap} points.`}
        type="number"
        inputMode="decimal"
        min={0}
        max={10}
        step="any"
        defaultValue={values.australianEmploymentYears}
        error={errors.australianEmploymentYears}
      />
      <ChoiceField
        name="qualification"
        legend="Highest qualification"
        hint="Only your highest qualification counts."
        values={QUALIFICATIONS}
        choices={rules.qualification}
        defaultValue={values.qualification || "none"}
        error={errors.qualification}
      />
      <fieldset className="space-y-3">
        <legend className="font-medium">Study in Australia and other points</legend>
        {OTHER_POINTS.map(({ name, label }) => (
          <YesNoField
            key={name}
            name={name}
            label={label}
            worth={rules[name]}
            defaultChecked={isTicked(values[name])}
            error={errors[name]}
          />
        ))}
      </fieldset>
    </div>
  );
}
