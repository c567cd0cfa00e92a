import { SelectField, TextField } from "~/components/form";
import { WORKSHOP_FORMATS } from "~/db/schema/booking-values";
import type { FairField } from "../schema";

/** A fair's details, as the new fair's form and its page's details form both ask for them. */
export function FairFields({
  values,
  errors,
  zones,
}: {
  values: Partial<Record<FairField, string>>;
  errors: Partial<Record<FairField, string>>;
  zones: readonly string[];
}) {
  return (
    <>
      <TextField name="title" label="Title" type="text" required defaultValue={values.title} error={errors.title} />
      <TextField
        name="summary"
        label="Who it is for and what is on"
        multiline
        rows={3}
        required
        defaultValue={values.summary}
        error={errors.summary}
      />
      <TextField
        name="day"
        label="Date"
        hint="For example 2027-03-04."
        type="date"
        required
        defaultValue={values.day}
        error={errors.day}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="start"
          label="Opens at"
          hint="For example 10:00."
          type="time"
          required
          defaultValue={values.start}
          error={errors.start}
        />
        <TextField
          name="end"
          label="Closes at"
          hint="For example 16:00."
          type="time"
          required
          defaultValue={values.end}
          error={errors.end}
        />
      </div>
      <SelectField
        name="timeZone"
        label="The fair's time zone"
        options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
        defaultValue={values.timeZone ?? "Europe/London"}
        error={errors.timeZone}
      />
      <SelectField
        name="format"
        label="In person or online"
        options={WORKSHOP_FORMATS.map((f) => ({ value: f, label: f === "online" ? "Online" : "In person" }))}
        defaultValue={values.format}
        error={errors.format}
      />
      <TextField
        name="venue"
        label="Where (in person)"
        hint="The building and its address."
        type="text"
        defaultValue={values.venue}
        error={errors.venue}
      />
      <TextField
        name="joinUrl"
        label="Link to join (online)"
        hint="Shown only to students who register."
        type="url"
        defaultValue={values.joinUrl}
        error={errors.joinUrl}
      />
      <TextField
        name="capacity"
        label="Places (optional)"
        hint="How many tickets the fair gives. Once they are taken, students join a waiting list and get the places given up, in turn. Leave it empty for no limit."
        type="text"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={values.capacity}
        error={errors.capacity}
      />
    </>
  );
}
