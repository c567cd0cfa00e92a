import { loadCampusPage, switchCampusAction } from "~/features/accounts/campus-page.server";
import { CampusPage } from "~/features/accounts/components/campus-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/student-login";

export function loader({ context }: Route.LoaderArgs) {
  return loadCampusPage(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return switchCampusAction(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Choose your campus") }, { name: "robots", content: "noindex" }];
}

export default function StudentLogin({ loaderData, actionData }: Route.ComponentProps) {
  return <CampusPage data={loaderData} answer={actionData} />;
}
