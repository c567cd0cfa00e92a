import { PeoplePage } from "~/features/ops/components/people-page";
import { loadPeople } from "~/features/ops/users.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/users";

export const loader = ({ request, context }: Route.LoaderArgs) => loadPeople(new URL(request.url), context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("People: operations console") }, { name: "robots", content: "noindex" }];
}

export default function OpsUsers({ loaderData }: Route.ComponentProps) {
  return <PeoplePage {...loaderData} />;
}
