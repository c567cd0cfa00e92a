import { AdviserSettingsPage } from "~/features/appointments/components/adviser-settings-page";
import { adviserSettingsAction, loadAdviserSettings } from "~/features/appointments/settings-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.appointments.settings.advisers.$id";

export const loader = ({ params, context }: Route.LoaderArgs) => loadAdviserSettings(params.id, context);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  adviserSettingsAction(request, params.id, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? `${loaderData.adviser.name}: adviser settings` : "Adviser settings") },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdviserSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <AdviserSettingsPage data={loaderData} answer={actionData} />;
}
