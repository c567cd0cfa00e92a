import { AppointmentsPage } from "~/features/appointments/components/appointments-page";
import { appointmentsAction, loadAppointmentsPage } from "~/features/appointments/appointments-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/appointments";

export const loader = ({ request, context }: Route.LoaderArgs) => loadAppointmentsPage(new URL(request.url), context);

export const action = ({ request, context }: Route.ActionArgs) => appointmentsAction(request, context);

export function meta() {
  return [{ title: pageTitle("Appointments") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Appointments({ loaderData, actionData }: Route.ComponentProps) {
  return <AppointmentsPage data={loaderData} answer={actionData} />;
}
