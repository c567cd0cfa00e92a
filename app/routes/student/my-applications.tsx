import { MyApplicationsPage } from "~/features/applications/components/my-applications-page";
import { loadMyApplications, myApplicationsAction } from "~/features/applications/my-applications-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/my-applications";

export const loader = ({ context }: Route.LoaderArgs) => loadMyApplications(context);

export const action = ({ request, context }: Route.ActionArgs) => myApplicationsAction(request, context);

export function meta() {
  return [{ title: pageTitle("My applications") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function MyApplications({ loaderData, actionData }: Route.ComponentProps) {
  return <MyApplicationsPage data={loaderData} answer={actionData} />;
}
