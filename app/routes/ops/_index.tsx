import { OverviewPage } from "~/features/ops/components/overview-page";
import { loadOverview } from "~/features/ops/overview.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/_index";

export const loader = ({ request, context }: Route.LoaderArgs) => loadOverview(new URL(request.url), context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Operations console") }, { name: "robots", content: "noindex" }];
}

export default function Ops({ loaderData }: Route.ComponentProps) {
  return <OverviewPage {...loaderData} />;
}
