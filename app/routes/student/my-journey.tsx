import { JourneyPage } from "~/features/journey/components/journey-page";
import { journeyAction, loadJourney } from "~/features/journey/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/my-journey";

export function loader({ context }: Route.LoaderArgs) {
  return loadJourney(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return journeyAction(request, context);
}

export function meta() {
  return [{ title: pageTitle("My journey") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function MyJourney({ loaderData, actionData }: Route.ComponentProps) {
  return <JourneyPage data={loaderData} answer={actionData} />;
}
