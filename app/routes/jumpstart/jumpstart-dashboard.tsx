import { PredepartureDashboard } from "~/features/journey/components/predeparture-dashboard";
import { journeyAction } from "~/features/journey/page.server";
import { loadPredepartureDashboard } from "~/features/journey/predeparture.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jumpstart-dashboard";

// The guard has run in the root middleware: a logged-in pre-departure student.
export function loader({ context }: Route.LoaderArgs) {
  return loadPredepartureDashboard(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return journeyAction(request, context, "/jumpstart-dashboard");
}

export function meta() {
  return [{ title: pageTitle("Jumpstart dashboard") }, { name: "robots", content: "noindex" }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function JumpstartDashboard({ loaderData, actionData }: Route.ComponentProps) {
  return <PredepartureDashboard data={loaderData} error={actionData?.error ?? null} />;
}
