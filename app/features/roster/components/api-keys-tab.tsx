import { Form } from "react-router";
import { DataTable } from "~/components/data-table";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import type { FieldErrors } from "~/lib/validation";
import type { RosterAnswer, rosterKeysView } from "../page.server";

type Props = {
  keys: Awaited<ReturnType<typeof rosterKeysView>>;
  answer: { fieldErrors: FieldErrors; formError: string | null; roster?: RosterAnswer } | undefined;
  /** The address the record system sends its file to. */
  endpoint: string;
};

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});
const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "never");

/** /university-user-profile/api-keys: the university's keys for its record system, a new one shown once. */
export function ApiKeysTab({ keys, answer, endpoint }: Props) {
  const errors = answer?.fieldErrors ?? {};
  const made = answer?.roster?.newKey;
  return (
    <>
      <ErrorSummary
        formError={answer?.formError}
        fields={errors.name ? [{ field: "name", message: errors.name }] : []}
        answer={answer}
      />
      <p className="mt-4">
        {`Your record system sends your student records to ${endpoint} with one of these keys (PUT, Authorization: Bearer and the key, Content-Type: text/csv). A key reaches only your university's students.`}
      </p>
      {made ? (
        <div role="status" className="mt-6 rounded border-2 border-green-700 bg-green-50 p-4">
          <h3 className="font-semibold">{`The key “${made.name}”`}</h3>
          <p className="mt-1">Copy it now: it is shown this once, and we keep only a fingerprint of it.</p>
          <label htmlFor="new-key" className="mt-2 block text-sm font-medium">
            Key
          </label>
          <input
            id="new-key"
            readOnly
            value={made.key}
            className="mt-1 w-full rounded border border-slate-500 px-3 py-2 font-mono"
          />
        </div>
      ) : null}
      {keys.length ? (
        <DataTable
          caption="Your university's keys, newest first"
          spacing="mt-6"
          minWidth="min-w-[36rem]"
          rows={keys}
          rowKey={(k) => k.id}
          columns={[
            { header: "Name", cell: (k) => k.name },
            { header: "Made", cell: (k) => when(k.createdAt) },
            { header: "Last used", cell: (k) => when(k.lastUsedAt) },
            {
              header: "Status",
              cell: (k) =>
                k.revoked ? (
                  "Revoked"
                ) : (
                  <Form method="post">
                    <input type="hidden" name="id" value={k.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="revoke-key"
                      aria-label={`Revoke the key “${k.name}”`}
                      className="min-h-11 font-semibold text-red-800 underline"
                    >
                      Revoke
                    </button>
                  </Form>
                ),
            },
          ]}
        />
      ) : (
        <p className="mt-4">Your university has no key yet.</p>
      )}
      <Form method="post" className="mt-8 space-y-5" noValidate>
        <h3 className="text-xl font-semibold">Create a key</h3>
        <TextField
          name="name"
          label="Key name"
          hint="What it is for, so you know which to revoke: “SITS nightly export”."
          maxLength={80}
          required
          error={errors.name}
        />
        <input type="hidden" name="intent" value="create-key" />
        <SubmitButton>Create a key</SubmitButton>
      </Form>
    </>
  );
}
