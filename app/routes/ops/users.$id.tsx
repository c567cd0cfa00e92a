import { PersonPage } from "~/features/ops/components/person-page";
import { loadPerson, personAction } from "~/features/ops/user.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/users.$id";

export const loader = ({ params, context }: Route.LoaderArgs) => loadPerson(params.id, context);

export const action = ({ request, params, context }: Route.ActionArgs) => personAction(request, params.id, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? `${loaderData.person.name}: operations console` : "Not found") },
    { name: "robots", content: "noindex" },
  ];
}

export default function OpsUser({ loaderData, actionData }: Route.ComponentProps) {
  return <PersonPage data={loaderData} answer={actionData} />;
}
