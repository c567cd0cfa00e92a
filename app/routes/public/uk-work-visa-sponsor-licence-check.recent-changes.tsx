import { RecentChanges } from "~/features/sponsors/components/recent-changes";
import { Attribution, BackToCheck } from "~/features/sponsors/components/results";
import { registerFreshness } from "~/features/sponsors/freshness";
import { currentAndPreviousSnapshots, recentChanges } from "~/features/sponsors/queries.server";
import { dbContext } from "~/db/context";
import { ukToday } from "~/features/sponsors/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/uk-work-visa-sponsor-licence-check.recent-changes";

/** Organisations listed per kind of change; the counts give the whole. */
const LISTED = 200;

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const { snapshot, previous } = await currentAndPreviousSnapshots(db);
  const freshness = registerFreshness(snapshot?.registerDate ?? null, ukToday(context));
  if (!snapshot || !previous) return { snapshot, previous, freshness, added: [], removed: [], changed: [] };
  const [added, removed, changed] = await Promise.all(
    (["added", "removed", "changed"] as const).map((kind) => recentChanges(db, snapshot.id, kind, LISTED)),
  );
  return { snapshot, previous, freshness, added: added!, removed: removed!, changed: changed! };
}

export function meta() {
  return [{ title: pageTitle("Recent changes to the sponsor register") }];
}

export default function SponsorRecentChanges({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <BackToCheck />
      <h1 className="mt-4 text-3xl font-bold">Recent changes to the sponsor register</h1>
      <RecentChanges {...loaderData} />
      <Attribution registerDate={loaderData.snapshot?.registerDate ?? null} />
    </div>
  );
}
