import { AppointmentSettingsPage } from "~/features/appointments/components/settings-page";
import { appointmentSettingsAction, loadAppointmentSettings } from "~/features/appointments/settings-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.appointments.settings";

export const loader = ({ context }: Route.LoaderArgs) => loadAppointmentSettings(context);

export const action = ({ request, context }: Route.ActionArgs) => appointmentSettingsAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Appointment settings") }, { name: "robots", content: "noindex" }];
}

export default function AppointmentSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <AppointmentSettingsPage data={loaderData} answer={actionData} />;
}
