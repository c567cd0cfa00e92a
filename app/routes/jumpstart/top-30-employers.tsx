import { TopEmployersPage } from "~/features/jumpstart/components/top-employers";
import { loadTopEmployers } from "~/features/jumpstart/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/top-30-employers";

// Guard D has run in the root middleware.
export function loader({ context }: Route.LoaderArgs) {
  return loadTopEmployers(context);
}

export function meta() {
  return [{ title: pageTitle("Top 30 employers") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function TopEmployers({ loaderData }: Route.ComponentProps) {
  return <TopEmployersPage employers={loaderData.employers} />;
}
