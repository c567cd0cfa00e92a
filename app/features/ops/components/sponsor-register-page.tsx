import { Form } from "react-router";
import { ListView } from "~/components/list-view";
import { formatDate, formatUkDay } from "~/lib/dates";
import type { SponsorRegisterData } from "../sponsor-register.server";

type Row = SponsorRegisterData["list"]["rows"][number];
const n = (value: number) => value.toLocaleString("en-GB");

const COLUMNS = [
  { header: "Register of", cell: (r: Row) => formatDate(r.registerDate), sortKey: "date" },
  { header: "Organisations", cell: (r: Row) => n(r.organisations) },
  { header: "Added", cell: (r: Row) => n(r.added) },
  { header: "Removed", cell: (r: Row) => n(r.removed) },
  { header: "Changed", cell: (r: Row) => n(r.changed) },
  { header: "Imported", cell: (r: Row) => formatUkDay(r.importedAt), sortKey: "imported" },
  { header: "Source", cell: (r: Row) => r.source, className: "break-all" },
];

/** /ops/sponsor-register: the registers imported, how fresh the newest is, and "Refresh now". */
export function SponsorRegisterPage({
  freshness,
  waiting,
  failed,
  list,
  formError,
}: SponsorRegisterData & { formError?: string }) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Sponsor register</h1>
      {!freshness ? (
        <p className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-4">No register is imported yet.</p>
      ) : freshness.stale ? (
        <p className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-4">
          {`Warning: the newest register, of ${formatDate(freshness.registerDate)}, is ${freshness.ageDays} days old, older than 14 days. Refresh it, or import the current one by hand.`}
        </p>
      ) : (
        <p className="mt-4">{`The newest register is of ${formatDate(freshness.registerDate)}, ${freshness.ageDays} days old.`}</p>
      )}
      <section aria-labelledby="refresh" className="mt-6 max-w-prose">
        <h2 id="refresh" className="text-xl font-semibold">
          Refresh
        </h2>
        <p className="mt-2 text-muted">
          A refresh reads GOV.UK's page of the register and imports the newest one it links, unless it is already here.
          It runs in the job queue; the jobs' sponsorship is judged again after an import.
        </p>
        {waiting ? (
          <p className="mt-2">
            {`A refresh is waiting in the queue since ${formatUkDay(waiting.queuedAt)}${waiting.attempts ? ` (tried ${waiting.attempts} times${waiting.lastError ? `; last error: ${waiting.lastError}` : ""})` : ""}.`}
          </p>
        ) : null}
        {failed ? (
          <p className="mt-2">{`The last refresh that failed gave up on ${formatUkDay(failed.failedAt)}: ${failed.lastError ?? "no reason recorded"}`}</p>
        ) : null}
        {formError ? (
          <p role="alert" className="mt-2 text-red-800">
            {formError}
          </p>
        ) : null}
        <Form method="post" className="mt-4">
          <button
            type="submit"
            name="intent"
            value="refresh"
            className="rounded bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
          >
            Refresh now
          </button>
        </Form>
      </section>
      <h2 className="mt-8 text-xl font-semibold">Registers imported</h2>
      <ListView
        path="/ops/sponsor-register"
        list={list}
        caption="Registers imported"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        minWidth="min-w-[48rem]"
        empty="No register has been imported."
      />
    </div>
  );
}
