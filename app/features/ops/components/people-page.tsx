import { href } from "react-router";
import { Link } from "~/components/link";
import { SelectField } from "~/components/form";
import { ListView } from "~/components/list-view";
import { STUDENT_STATUSES } from "~/features/students";
import type { PeoplePageData } from "../users.server";
import { ROLE_LABELS, formatMoment } from "../people";

type Row = PeoplePageData["list"]["rows"][number];

const COLUMNS = [
  {
    header: "Name",
    sortKey: "name",
    cell: (p: Row) => (
      <Link to={href("/ops/users/:id", { id: String(p.id) })} className="font-semibold text-brand underline">
        {p.name}
      </Link>
    ),
  },
  { header: "Email", sortKey: "email", cell: (p: Row) => p.email, className: "break-all" },
  { header: "Role", cell: (p: Row) => ROLE_LABELS[p.role] },
  { header: "Status", cell: (p: Row) => STUDENT_STATUSES[p.status] },
  { header: "University", cell: (p: Row) => p.university ?? "None" },
  { header: "Created", sortKey: "created", cell: (p: Row) => formatMoment(p.createdAt) },
];

/** /ops/users: find a person by name or address, of a role and a status. */
export function PeoplePage({ list, filters }: PeoplePageData) {
  return (
    <div>
      <h1 className="text-3xl font-bold">People</h1>
      <p className="mt-2 text-muted">
        Everyone with an account. Open a person to see their sessions and recent activity.
      </p>
      <ListView
        path={href("/ops/users")}
        list={list}
        caption="People"
        columns={COLUMNS}
        rowKey={(p) => p.id}
        minWidth="min-w-[56rem]"
        searchLabel="Search by name or email address"
        filters={
          <>
            <SelectField
              name="role"
              label="Role"
              required={false}
              placeholder="Any role"
              defaultValue={filters.role ?? ""}
              options={Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }))}
            />
            <SelectField
              name="status"
              label="Status"
              required={false}
              placeholder="Any status"
              defaultValue={filters.status ?? ""}
              options={Object.entries(STUDENT_STATUSES).map(([value, label]) => ({ value, label }))}
            />
          </>
        }
        empty="Nobody matches."
      />
    </div>
  );
}
