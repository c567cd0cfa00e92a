import { RecentChangesPage } from "~/features/sponsors/components/recent-changes";
import { loadRecentChanges } from "~/features/sponsors/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/uk-work-visa-sponsor-licence-check.recent-changes";

export function loader({ context }: Route.LoaderArgs) {
  return loadRecentChanges(context);
}

export function meta() {
  return [{ title: pageTitle("Recent changes to the sponsor register") }];
}

export default function SponsorRecentChanges({ loaderData }: Route.ComponentProps) {
  return <RecentChangesPage data={loaderData} />;
}
