import { Link } from "~/components/link";
import { SelectField } from "~/components/form";
import { ListView } from "~/components/list-view";
import { formatUkDay } from "~/lib/dates";
import type { EnquiriesData } from "../enquiries.server";

type Row = EnquiriesData["list"]["rows"][number];

const COLUMNS = [
  {
    header: "From",
    cell: (r: Row) => (
      <Link to={`/ops/enquiries/${r.id}`} className="underline">
        {r.name}
      </Link>
    ),
    sortKey: "name",
  },
  { header: "Address", cell: (r: Row) => r.email, className: "break-all" },
  { header: "Form", cell: (r: Row) => r.kind },
  { header: "Organisation", cell: (r: Row) => r.organisation ?? "" },
  { header: "Subject", cell: (r: Row) => r.subject },
  { header: "Sent", cell: (r: Row) => formatUkDay(r.createdAt), sortKey: "date" },
  { header: "Handled", cell: (r: Row) => (r.handledAt ? formatUkDay(r.handledAt) : "Not yet") },
];

/** /ops/enquiries: what the contact, partner and campus ambassador forms brought in. */
export function EnquiriesPage({ list, kinds, statuses, kind, status }: EnquiriesData) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Enquiries</h1>
      <p className="mt-2 text-muted">
        Messages sent through the contact, partner and campus ambassador forms. Open one to read it and mark it as
        handled.
      </p>
      <ListView
        path="/ops/enquiries"
        list={list}
        caption="Enquiries"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        minWidth="min-w-[56rem]"
        searchLabel="Search by name, address or organisation"
        filters={
          <>
            <div className="min-w-48">
              <SelectField
                name="kind"
                label="Form"
                options={kinds}
                defaultValue={kind}
                placeholder="All forms"
                required={false}
              />
            </div>
            <div className="min-w-40">
              <SelectField
                name="status"
                label="Status"
                options={statuses}
                defaultValue={status}
                placeholder="All"
                required={false}
              />
            </div>
          </>
        }
        empty="No enquiry matches."
      />
    </div>
  );
}
