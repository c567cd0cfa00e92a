import { href } from "react-router";
import { Link } from "~/components/link";
import { SelectField, TextField } from "~/components/form";
import { ListView } from "~/components/list-view";
import type { AuditPageEntry } from "~/db/audit.server";
import type { ListPage } from "~/lib/list-query";
import type { AuditQueryValues } from "../audit-log.server";
import { momentText } from "./ops-format";

type Data = {
  list: ListPage<AuditPageEntry>;
  values: AuditQueryValues;
  fieldErrors: Partial<Record<keyof AuditQueryValues, string>>;
  universities: { id: number; name: string }[];
  csv: string | null;
};
type Row = AuditPageEntry;

const changeText = (changes: Row["changes"]) =>
  Object.entries(changes)
    .map(([field, { before, after }]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join("; ");

const who = (e: Row) =>
  e.actorEmail
    ? `${e.actorName} (${e.actorEmail})`
    : e.actorRole === "system"
      ? "A command line"
      : `A removed account (#${e.actorId ?? "?"})`;

/** /ops/audit: every change made by a person on someone else's data, filtered, with the CSV of what is shown. */
export function AuditLogPage({ list, values, fieldErrors, universities, csv }: Data) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Audit log</h1>
      <p className="mt-2 text-muted">
        Every change made by staff, university administrators and command lines to someone else&apos;s data: who, what,
        which record, the fields that changed, when and from where. No entry can be changed or removed.
      </p>
      {csv !== null ? (
        <p className="mt-2">
          <a href={`${href("/ops/audit.csv")}${csv}`} className="font-semibold underline" download>
            Download these entries (CSV)
          </a>
        </p>
      ) : null}
      <ListView<Row>
        path={href("/ops/audit")}
        list={list}
        caption="Audit log entries"
        minWidth="min-w-[72rem]"
        rowKey={(e) => e.id}
        empty={Object.keys(fieldErrors).length ? "Correct the filters to see entries." : "No entry matches."}
        filters={
          <>
            <div className="min-w-56">
              <TextField
                name="who"
                label="Who"
                hint="An account number, or part of an email address"
                defaultValue={values.who}
                error={fieldErrors.who}
              />
            </div>
            <div className="min-w-56">
              <TextField
                name="what"
                label="What"
                hint="An action, or its start ending in a dot: university."
                defaultValue={values.what}
                error={fieldErrors.what}
              />
            </div>
            <TextField name="from" label="From" type="date" defaultValue={values.from} error={fieldErrors.from} />
            <TextField name="to" label="To" type="date" defaultValue={values.to} error={fieldErrors.to} />
            <div className="min-w-56">
              <SelectField
                name="university"
                label="University"
                required={false}
                placeholder="Every university"
                defaultValue={values.university}
                error={fieldErrors.university}
                options={universities.map((u) => ({ value: String(u.id), label: u.name }))}
              />
            </div>
          </>
        }
        columns={[
          { header: "When", cell: (e) => momentText(e.at), sortKey: "at" },
          { header: "Who", cell: who, className: "break-all" },
          { header: "Role", cell: (e) => e.actorRole },
          {
            header: "What",
            cell: (e) => (
              <Link to={`${href("/ops/audit")}?what=${encodeURIComponent(e.action)}`} className="underline">
                {e.action}
              </Link>
            ),
          },
          { header: "Record", cell: (e) => `${e.targetType} ${e.targetId}` },
          { header: "University", cell: (e) => e.universityName ?? "" },
          { header: "Changes", cell: (e) => changeText(e.changes), className: "break-all" },
          { header: "From", cell: (e) => e.ip ?? "" },
        ]}
      />
    </div>
  );
}
