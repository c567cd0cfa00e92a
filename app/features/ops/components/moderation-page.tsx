import { Link } from "~/components/link";
import { SelectField } from "~/components/form";
import { ListView } from "~/components/list-view";
import { formatUkDay } from "~/lib/dates";
import type { ModerationQueueData } from "../moderation.server";

type Row = ModerationQueueData["list"]["rows"][number];

const COLUMNS = [
  {
    header: "Item",
    cell: (r: Row) => (
      <Link to={r.href} className="underline">
        {r.title}
      </Link>
    ),
  },
  { header: "Kind", cell: (r: Row) => r.kind, sortKey: "kind" },
  {
    header: "Submitted by",
    cell: (r: Row) => (r.submitterEmail ? `${r.submitter} (${r.submitterEmail})` : r.submitter),
    className: "break-all",
  },
  { header: "Submitted", cell: (r: Row) => formatUkDay(r.submittedAt), sortKey: "submitted" },
];

/** /ops/moderation: one queue of everything waiting for a person. */
export function ModerationPage({ list, kinds, kind }: ModerationQueueData) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Moderation</h1>
      <p className="mt-2 text-muted">
        Everything waiting for a person, oldest first. Open an item to approve or reject it; a reason is emailed to
        whoever sent it.
      </p>
      <ListView
        path="/ops/moderation"
        list={list}
        caption="Waiting for moderation"
        columns={COLUMNS}
        rowKey={(r) => r.key}
        minWidth="min-w-[40rem]"
        searchLabel="Search by title, name or address"
        filters={
          <div className="min-w-48">
            <SelectField
              name="kind"
              label="Kind"
              options={kinds}
              defaultValue={kind}
              placeholder="All kinds"
              required={false}
            />
          </div>
        }
        empty="Nothing is waiting for moderation."
      />
    </div>
  );
}
