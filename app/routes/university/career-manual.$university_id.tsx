import { ManualPage } from "~/features/career-manual/components/manual-page";
import { loadManual, manualAction } from "~/features/career-manual/manual.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/career-manual.$university_id";

// Guard B has run; the loader answers 404 to anyone outside the university.
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadManual(request, context, params.university_id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return manualAction(request, context, params.university_id);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? `Career manual: ${loaderData.university.name}` : "Not found") },
    { name: "robots", content: "noindex" },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function CareerManual({ loaderData, actionData }: Route.ComponentProps) {
  return <ManualPage data={loaderData} answer={actionData} />;
}
