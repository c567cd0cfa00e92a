import { Form } from "react-router";
import { Link } from "~/components/link";
import { ErrorSummary, RadioGroup, SelectField, SubmitButton, TextField } from "~/components/form";
import { errorList } from "~/lib/validation";
import { SETTINGS_PATH } from "../paths";
import type { AdviserSettingsData, SettingsAnswer } from "../settings-page.server";
import { ADVISER_FIELDS, WEEKDAYS } from "../settings-schema";

const MODE_OPTIONS = [
  { value: "none", label: "Not offered" },
  { value: "online", label: "Online" },
  { value: "in-person", label: "In person" },
];

/** /university-dashboard/appointments/settings/advisers/{id}: one adviser's hours, days off, horizon, notice and the kinds they offer. */
export function AdviserSettingsPage({ data, answer }: { data: AdviserSettingsData; answer?: SettingsAnswer }) {
  const { adviser, kinds, zones } = data;
  const values = answer?.values ?? data.values;
  const errors = answer?.fieldErrors ?? {};
  const order = [...ADVISER_FIELDS, ...kinds.flatMap((k) => [`offer-${k.id}`, `location-${k.id}`])];
  const whose = adviser.you ? "your" : `${adviser.name}'s`;
  return (
    <div className="max-w-3xl">
      <p>
        <Link to={SETTINGS_PATH} className="font-semibold text-brand underline">
          Back to the appointment settings
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{`${adviser.name}: adviser settings`}</h1>
      <p className="mt-2">
        {`${adviser.email}. ${adviser.active ? "Taking appointments." : "Switched off: students book no new time with them."} Changes apply to times not booked yet; appointments already booked stay as they are.`}
      </p>
      <Form method="post" className="mt-6 space-y-6" noValidate>
        <ErrorSummary formError={answer?.formError} fields={errorList(errors, order)} answer={answer} />
        <input type="hidden" name="intent" value="save-adviser" />
        <SelectField
          name="timeZone"
          label="Time zone"
          hint={`The hours and days off below are in ${whose} time zone.`}
          options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
          defaultValue={values.timeZone}
          error={errors.timeZone}
        />
        <fieldset aria-describedby="weekly-hint">
          <legend className="text-lg font-semibold">Weekly hours</legend>
          <p id="weekly-hint" className="text-sm text-muted">
            Times from and to, like 09:00-12:30, 14:00-17:00. Leave a day empty when there are no appointments on it.
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {WEEKDAYS.map((w) => (
              <TextField
                key={w.day}
                name={`hours-${w.day}`}
                label={w.name}
                spellCheck={false}
                autoComplete="off"
                defaultValue={values[`hours-${w.day}`]}
                error={errors[`hours-${w.day}`]}
              />
            ))}
          </div>
        </fieldset>
        <TextField
          name="daysOff"
          label="Days off"
          hint="Days with no appointments, like 2026-12-24, separated by commas or on lines of their own."
          multiline
          rows={3}
          spellCheck={false}
          defaultValue={values.daysOff}
          error={errors.daysOff}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="horizonDays"
            label="How many days ahead students may book"
            hint="From 1 to 365."
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            defaultValue={values.horizonDays}
            error={errors.horizonDays}
          />
          <TextField
            name="noticeHours"
            label="Notice a booking needs, in hours"
            hint="Also how late students may cancel. From 0 to 336."
            type="number"
            inputMode="numeric"
            min={0}
            max={336}
            defaultValue={values.noticeHours}
            error={errors.noticeHours}
          />
        </div>
        <section aria-labelledby="offers-heading" className="space-y-4">
          <h2 id="offers-heading" className="text-lg font-semibold">
            Kinds of appointment offered
          </h2>
          {kinds.length === 0 ? (
            <p>
              There are no kinds of appointment yet: add them in the{" "}
              <Link to={SETTINGS_PATH} className="font-semibold text-brand underline">
                appointment settings
              </Link>
              .
            </p>
          ) : (
            kinds.map((k) => (
              <div key={k.id} className="space-y-2 rounded border border-slate-300 bg-white p-4">
                <RadioGroup
                  name={`offer-${k.id}`}
                  legend={`${k.name} (${k.minutes} minutes)${k.active ? "" : ", switched off"}`}
                  options={MODE_OPTIONS}
                  checked={values[`offer-${k.id}`] || "none"}
                  error={errors[`offer-${k.id}`]}
                />
                <TextField
                  name={`location-${k.id}`}
                  label={`Meeting link or room for ${k.name}`}
                  hint="Online: the link students join by, starting https://. In person: the room."
                  spellCheck={false}
                  maxLength={300}
                  defaultValue={values[`location-${k.id}`]}
                  error={errors[`location-${k.id}`]}
                />
              </div>
            ))
          )}
        </section>
        <SubmitButton>Save the settings</SubmitButton>
      </Form>
    </div>
  );
}
