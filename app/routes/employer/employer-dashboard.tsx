import { EmployerDashboardPage } from "~/features/employers/components/dashboard-page";
import { chooseEntryAction, loadEmployerDashboard } from "~/features/employers/dashboard.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/employer-dashboard";

export const loader = ({ context }: Route.LoaderArgs) => loadEmployerDashboard(context);

export const action = ({ request, context }: Route.ActionArgs) => chooseEntryAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Employer dashboard") }];
}

export default function EmployerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  return <EmployerDashboardPage data={loaderData} answer={actionData} />;
}
