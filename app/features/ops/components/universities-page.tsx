import { Link } from "~/components/link";
import { ListView } from "~/components/list-view";
import type { UniversitiesData } from "../universities.server";

type Row = UniversitiesData["list"]["rows"][number];

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });

/** The plan's parts a university has, in words. */
export function planText(plan: { planCareerHub: boolean; planCihPremium: boolean; planCountryGuides: boolean }) {
  const parts = [
    plan.planCareerHub && "Career hub",
    plan.planCihPremium && "Premium career hub",
    plan.planCountryGuides && "Country guides",
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "None";
}

/** /ops/universities: every university, a page at a time, with its plan, microsite, admins and single sign-on. */
export function UniversitiesPage({ list }: UniversitiesData) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Universities</h1>
      <p className="mt-4">
        <Link to="/ops/universities/new" className="font-semibold text-brand underline">
          Add a university
        </Link>
      </p>
      <ListView<Row>
        path="/ops/universities"
        list={list}
        caption="Universities"
        minWidth="min-w-[56rem]"
        rowKey={(u) => u.id}
        searchLabel="Search by name, slug or email domain"
        empty="No university matches."
        columns={[
          {
            header: "Name",
            sortKey: "name",
            cell: (u) => (
              <Link to={`/ops/universities/${u.id}`} className="font-semibold text-brand underline">
                {u.name}
              </Link>
            ),
          },
          { header: "Slug", cell: (u) => u.slug, className: "break-all" },
          { header: "Plan", cell: planText },
          { header: "Microsite", cell: (u) => u.micrositeHost ?? "None", className: "break-all" },
          { header: "Admins", cell: (u) => (u.waiting ? `${u.admins} (${u.waiting} waiting)` : String(u.admins)) },
          { header: "Single sign-on", cell: (u) => (u.ssoOn ? "On" : "Off") },
          { header: "Created", sortKey: "created", cell: (u) => dateFormat.format(new Date(u.createdAt)) },
        ]}
      />
    </div>
  );
}
