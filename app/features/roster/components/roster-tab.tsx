import { Form } from "react-router";
import { DataTable } from "~/components/data-table";
import { ErrorSummary, RadioGroup, SubmitButton, TextField } from "~/components/form";
import { ROSTER_COLUMNS, type RosterStatus } from "~/db/schema/roster-values";
import type { FieldErrors } from "~/lib/validation";
import type { RosterAnswer, RosterPreview } from "../page.server";

type Props = {
  records: Record<RosterStatus, number>;
  answer: { fieldErrors: FieldErrors; formError: string | null; roster?: RosterAnswer } | undefined;
};

const MODES = [
  { value: "full", label: "The whole list: students not in it have left" },
  { value: "partial", label: "Some students: only the lines in the file change" },
];
const KIND_LABEL = { created: "Added", updated: "Changed", left: "Marked as left" } as const;
const n = (count: number) => count.toLocaleString("en-GB");

/** /university-user-profile/roster: the records by status, the upload, and its preview or its bad lines. */
export function RosterTab({ records, answer }: Props) {
  const errors = answer?.fieldErrors ?? {};
  const preview = answer?.roster?.preview ?? null;
  const bad = answer?.roster?.errors ?? [];
  const summary = [
    errors.mode && { field: "mode", message: errors.mode },
    errors.roster && { field: "roster", message: errors.roster },
    errors.confirm_left && { field: "confirm_left", message: errors.confirm_left },
  ].filter((e): e is { field: string; message: string } => !!e);
  return (
    <>
      <ErrorSummary formError={answer?.formError} fields={summary} answer={answer} />
      <p className="mt-4">
        {`Your student records: ${n(records.active)} active, ${n(records.suspended)} suspended, ${n(records.left)} left.`}
      </p>
      <p className="mt-2">
        {`Upload your record system's export as a CSV file with the columns ${ROSTER_COLUMNS.join(", ")}. You see what would change before anything does. Students added get an invitation email; a suspended student or one who has left keeps their account, without access.`}
      </p>
      {bad.length ? (
        <DataTable
          caption={`Lines to correct (${n(bad.length)}): nothing was changed`}
          showCaption
          spacing="mt-6"
          minWidth="min-w-[32rem]"
          rows={bad.slice(0, 500)}
          rowKey={(e) => `${e.line}-${e.field}`}
          columns={[
            { header: "Line", cell: (e) => e.line },
            { header: "Column", cell: (e) => e.field },
            { header: "What is wrong", cell: (e) => e.reason },
          ]}
        />
      ) : null}
      {preview ? <PreviewOf preview={preview} error={errors.confirm_left} /> : null}
      <Form method="post" encType="multipart/form-data" className="mt-8 space-y-5" noValidate>
        <h3 className="text-xl font-semibold">{preview ? "Upload another file" : "Upload your student records"}</h3>
        <TextField
          name="roster"
          label="CSV file"
          hint="At most 20 MB, with a header line; UTF-8 or a Windows export."
          type="file"
          accept=".csv,text/csv"
          error={errors.roster}
        />
        <RadioGroup name="mode" legend="What the file holds" options={MODES} error={errors.mode} />
        <input type="hidden" name="intent" value="preview-roster" />
        <SubmitButton>Preview the changes</SubmitButton>
      </Form>
    </>
  );
}

function PreviewOf({ preview, error }: { preview: RosterPreview; error?: string }) {
  const counts = [
    ["Added", preview.created],
    ["Changed", preview.updated],
    ["Unchanged", preview.unchanged],
    ["Marked as left", preview.left],
  ] as const;
  return (
    <section aria-labelledby="preview-heading" className="mt-6 rounded border border-slate-300 p-4">
      <h3 id="preview-heading" className="text-xl font-semibold">
        {`Preview of ${preview.fileName} (${preview.mode === "full" ? "the whole list" : "some students"})`}
      </h3>
      {preview.stale ? (
        <p className="mt-2 font-medium">Your records changed since the last preview: this is the new one.</p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map(([label, count]) => (
          <div key={label}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-semibold">{n(count)}</dd>
          </div>
        ))}
      </dl>
      {preview.changes.length ? (
        <DataTable
          caption={
            preview.changed > preview.changes.length
              ? `The first ${n(preview.changes.length)} of ${n(preview.changed)} changes`
              : "The changes"
          }
          showCaption
          minWidth="min-w-[32rem]"
          rows={preview.changes}
          rowKey={(c) => `${c.kind}-${c.studentId}`}
          columns={[
            { header: "Student number", cell: (c) => c.studentId, className: "break-all" },
            { header: "Change", cell: (c) => KIND_LABEL[c.kind] },
            { header: "Line", cell: (c) => c.line ?? "not in the file" },
            { header: "Columns", cell: (c) => (c.kind === "created" ? "" : c.fields.join(", ")) },
          ]}
        />
      ) : (
        <p className="mt-3">Nothing would change.</p>
      )}
      <Form method="post" className="mt-5 space-y-4">
        <input type="hidden" name="upload" value={preview.uploadId} />
        <input type="hidden" name="expected_left" value={preview.left} />
        {preview.left ? (
          <div>
            <label className="flex items-start gap-2">
              <input
                id="confirm_left"
                type="checkbox"
                name="confirm_left"
                value="yes"
                className="mt-1 h-5 w-5"
                aria-describedby={error ? "confirm_left-error" : undefined}
              />
              {`Yes, mark ${n(preview.left)} ${preview.left === 1 ? "student who is" : "students who are"} not in the file as left: their accounts lose access.`}
            </label>
            {error ? (
              <p id="confirm_left-error" className="mt-1 text-sm text-red-800">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
        <input type="hidden" name="intent" value="apply-roster" />
        <SubmitButton>Apply the changes</SubmitButton>
      </Form>
    </section>
  );
}
