import { UniversityDashboardPage } from "~/features/dashboard/components/university-dashboard";
import { loadUniversityDashboard, universityDashboardAction } from "~/features/dashboard/university.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadUniversityDashboard(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return universityDashboardAction(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("University dashboard") }, { name: "robots", content: "noindex" }];
}

export default function UniversityDashboard({ loaderData, actionData }: Route.ComponentProps) {
  return <UniversityDashboardPage data={loaderData} invite={actionData?.invite ?? null} />;
}
