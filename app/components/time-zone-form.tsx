import { Form } from "react-router";
import { SelectField } from "./form";

/** The time zone a page shows its times in, chosen from the IANA list (`keep`: other query values to carry along). */
export function TimeZoneForm({
  zone,
  zones,
  keep = {},
}: {
  zone: string;
  zones: readonly string[];
  keep?: Record<string, string>;
}) {
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Time zone">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-64 flex-1">
        <SelectField
          name="tz"
          label="Times are shown in this time zone"
          options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
          defaultValue={zone}
          required={false}
          placeholder="Europe/London"
        />
      </div>
      <button type="submit" className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand">
        Show the times
      </button>
    </Form>
  );
}
