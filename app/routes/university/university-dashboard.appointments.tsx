import { AdviserDayPage } from "~/features/appointments/components/adviser-day-page";
import { adviserDayAction, loadAdviserDay } from "~/features/appointments/adviser-day.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.appointments";

export const loader = ({ request, context }: Route.LoaderArgs) => loadAdviserDay(new URL(request.url), context);

export const action = ({ request, context }: Route.ActionArgs) => adviserDayAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Appointments") }, { name: "robots", content: "noindex" }];
}

export default function AdviserDay({ loaderData, actionData }: Route.ComponentProps) {
  return <AdviserDayPage data={loaderData} answer={actionData} />;
}
