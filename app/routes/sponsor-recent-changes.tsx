import { Link } from "react-router";
import { Attribution, BackToCheck } from "~/features/sponsors/components/results";
import { formatDate } from "~/lib/dates";
import { organisationPath } from "~/features/sponsors/paths";
import { currentAndPreviousSnapshots, recentChanges } from "~/features/sponsors/queries.server";
import { dbContext } from "~/db/context";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/sponsor-recent-changes";

/** Organisations listed per kind of change; the counts give the whole. */
const LISTED = 200;

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const { snapshot, previous } = await currentAndPreviousSnapshots(db);
  if (!snapshot || !previous) return { snapshot, previous, added: [], removed: [], changed: [] };
  const [added, removed, changed] = await Promise.all(
    (["added", "removed", "changed"] as const).map((kind) => recentChanges(db, snapshot.id, kind, LISTED)),
  );
  return { snapshot, previous, added: added!, removed: removed!, changed: changed! };
}

export function meta() {
  return [{ title: pageTitle("Recent changes to the sponsor register") }];
}

export default function SponsorRecentChanges({ loaderData }: Route.ComponentProps) {
  const { snapshot, previous, added, removed, changed } = loaderData;
  const sections = snapshot
    ? ([
        ["added", "Added to the register", snapshot.added, added],
        ["removed", "Dropped off the register", snapshot.removed, removed],
        ["changed", "Routes or rating changed", snapshot.changed, changed],
      ] as const)
    : [];
  return (
    <div className="mx-auto max-w-3xl">
      <BackToCheck />
      <h1 className="mt-4 text-3xl font-bold">Recent changes to the sponsor register</h1>
      {!snapshot ? (
        <p className="mt-4">No register has been imported yet.</p>
      ) : !previous ? (
        <p className="mt-4">
          {`The register of ${formatDate(snapshot.registerDate)} is the first one held here, so there is no earlier register to compare it with.`}
        </p>
      ) : (
        <>
          <p className="mt-4">
            {`The register of ${formatDate(snapshot.registerDate)} compared with the one of ${formatDate(previous.registerDate)}.`}
          </p>
          {sections.map(([id, heading, count, list]) => (
            <section key={id} aria-labelledby={id} className="mt-8">
              <h2 id={id} className="text-2xl font-semibold">
                {heading}: {count.toLocaleString("en-GB")}
              </h2>
              {count > list.length ? <p className="text-sm text-muted">The first {list.length} by name.</p> : null}
              <ul className="mt-2 list-disc space-y-1 pl-6">
                {list.map((c) => (
                  <li key={c.slug}>
                    <Link to={organisationPath(c.slug)} className="text-brand underline">
                      {c.name}
                    </Link>
                    {c.town ? `, ${c.town}` : ""}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      <Attribution registerDate={snapshot?.registerDate ?? null} />
    </div>
  );
}
