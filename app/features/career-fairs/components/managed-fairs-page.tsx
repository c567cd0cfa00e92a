import { Link } from "~/components/link";
import { DataTable } from "~/components/data-table";
import type { ManagedFairsData } from "../manage-page.server";

/** The fairs of a university (with the platform's, whose door its staff keep for its students), or the platform's own. */
export function ManagedFairsPage({ data }: { data: ManagedFairsData }) {
  const { area, fairs, newHref } = data;
  return (
    <div className="max-w-5xl">
      <h1 className="text-3xl font-bold">Career fairs</h1>
      <p className="mt-2">
        {area === "ops"
          ? "The platform's own fairs, open to the students of every university. Each university's staff check their own students in at the door."
          : "Your university's fairs, and the platform's fairs open to your students. At the door, check in your students' tickets."}
      </p>
      <p className="mt-4">
        <Link to={newHref} className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white">
          Set up a career fair
        </Link>
      </p>
      {fairs.length === 0 ? (
        <p className="mt-6">No career fairs yet.</p>
      ) : (
        <DataTable
          caption="Career fairs, newest first"
          minWidth="min-w-[44rem]"
          spacing="mt-6"
          rows={fairs}
          rowKey={(f) => f.slug}
          columns={[
            {
              header: "Fair",
              cell: (f) => (
                <>
                  <Link to={f.editHref ?? f.pageHref} className="font-semibold text-brand underline">
                    {f.title}
                  </Link>
                  {f.editHref ? null : <span className="block text-muted">The platform&apos;s fair</span>}
                </>
              ),
            },
            { header: "When", cell: (f) => (f.past ? `${f.when} (past)` : f.when) },
            { header: "Registered", cell: (f) => f.registered },
            { header: "Checked in", cell: (f) => f.attended },
            {
              header: "Door",
              cell: (f) =>
                f.doorHref ? (
                  // A document of its own: only the door page may ask for the camera (its Permissions-Policy).
                  <Link to={f.doorHref} reloadDocument className="text-brand underline">
                    {`Check in at ${f.title}`}
                  </Link>
                ) : (
                  <Link to={f.pageHref} className="text-brand underline">
                    {`See ${f.title} as students do`}
                  </Link>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
