import { Form } from "react-router";
import { SelectField, TextField } from "~/components/form";
import type { FieldErrors } from "~/lib/validation";
import { type ApplyField, MY_APPLICATIONS_PATH, NOTE_MAX } from "../values";

/** "Apply with your CV": one of the student's CVs and a short note, posted to /my-applications. */
export function ApplyForm({
  slug,
  cvs,
  values,
  errors = {},
}: {
  slug: string;
  cvs: readonly { id: number; name: string }[];
  values?: Partial<Record<ApplyField, string>>;
  errors?: FieldErrors<ApplyField>;
}) {
  return (
    <Form method="post" action={MY_APPLICATIONS_PATH} className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="slug" value={slug} />
      <SelectField
        name="cv"
        label="Your CV"
        hint="It is sent as a PDF of the CV as it is now: later changes to it are not sent."
        options={cvs.map((cv) => ({ value: String(cv.id), label: cv.name }))}
        defaultValue={values?.cv ?? (cvs.length === 1 ? String(cvs[0]!.id) : "")}
        error={errors.cv}
      />
      <TextField
        name="note"
        label="A short note to the employer"
        hint={`Optional, at most ${NOTE_MAX.toLocaleString("en-GB")} characters.`}
        multiline
        rows={4}
        maxLength={NOTE_MAX}
        defaultValue={values?.note ?? ""}
        error={errors.note}
      />
      <button type="submit" className="rounded bg-brand px-5 py-2.5 font-semibold text-white">
        Apply with your CV
      </button>
    </Form>
  );
}
