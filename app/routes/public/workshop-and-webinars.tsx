import { WorkshopsPage } from "~/features/workshops/components/workshops-page";
import { loadWorkshopsPage, workshopsPageAction } from "~/features/workshops/workshops-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/workshop-and-webinars";

export const loader = ({ url, context }: Route.LoaderArgs) => loadWorkshopsPage(url, context);

export const action = ({ request, context }: Route.ActionArgs) => workshopsPageAction(request, context);

export function meta() {
  return [
    { title: pageTitle("Workshops and webinars") },
    {
      name: "description",
      content:
        "Free workshops and webinars on jobs, CVs, interviews and visas for international students and graduates, shown in your own time zone.",
    },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function WorkshopsAndWebinars({ loaderData, actionData }: Route.ComponentProps) {
  return <WorkshopsPage data={loaderData} form={actionData} />;
}
