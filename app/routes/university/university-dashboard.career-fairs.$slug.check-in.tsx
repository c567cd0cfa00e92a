import { DoorPage } from "~/features/career-fairs/components/door-page";
import { doorAction, loadDoor } from "~/features/career-fairs/door-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.career-fairs.$slug.check-in";

export const loader = ({ params, context }: Route.LoaderArgs) => loadDoor(params.slug, context);

export const action = ({ request, params, context }: Route.ActionArgs) => doorAction(request, params.slug, context);

// The door's own Permissions-Policy (the camera, to scan tickets) replaces the site's.
export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(`Check-in: ${loaderData?.title ?? "career fair"}`) },
    { name: "robots", content: "noindex" },
  ];
}

export default function FairDoor({ loaderData, actionData }: Route.ComponentProps) {
  return <DoorPage data={loaderData} answer={actionData} />;
}
