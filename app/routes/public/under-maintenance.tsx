import { data } from "react-router";
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
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-bold">We're improving the platform</h1>
      {loaderData.on ? (
        <p className="mt-4">
          The platform is down for planned maintenance and will be back shortly. Your account and saved work are safe.
        </p>
      ) : (
        <p className="mt-4">There is no maintenance under way: everything is working.</p>
      )}
    </section>
  );
}
