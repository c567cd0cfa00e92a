import { pointsPageAction } from "~/features/au-points/actions.server";
import { PointsPage } from "~/features/au-points/components/points-page";
import { loadPointsPage } from "~/features/au-points/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/skilled-migration-points-calculator-australia";

export function loader({ context }: Route.LoaderArgs) {
  return loadPointsPage(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return pointsPageAction(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export const meta = () => [
  { title: pageTitle("Skilled migration points calculator (Australia)") },
  {
    name: "description",
    content: "Work out your points for the Australian 189, 190 and 491 skilled visas, and what would raise them.",
  },
];

export default function AuPointsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PointsPage data={loaderData} postAnswer={actionData ?? null} />;
}
