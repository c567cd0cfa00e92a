import { data } from "react-router";
import { MaintenanceContent } from "~/components/status-pages";
import { configContext } from "~/lib/context";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/under-maintenance";

export function loader({ context }: Route.LoaderArgs) {
  const on = context.get(configContext).MAINTENANCE_MODE;
  return data({ on }, { status: on ? 503 : 200, headers: on ? { "Retry-After": "600" } : {} });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export const meta = () => [{ title: pageTitle("Under maintenance") }];

export default function UnderMaintenance({ loaderData }: Route.ComponentProps) {
  return <MaintenanceContent on={loaderData.on} />;
}
