import { ColleaguesPage } from "~/features/employers/components/colleagues-page";
import { colleaguesAction, loadColleagues } from "~/features/employers/colleagues.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/colleagues";

export const loader = ({ context }: Route.LoaderArgs) => loadColleagues(context);

export const action = ({ request, context }: Route.ActionArgs) => colleaguesAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Colleagues") }];
}

export default function Colleagues({ loaderData, actionData }: Route.ComponentProps) {
  return <ColleaguesPage data={loaderData} answer={actionData} />;
}
