import { UniversityEmployersPage } from "~/features/university-employers/components/employers-page";
import { loadUniversityEmployers, universityEmployersAction } from "~/features/university-employers/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-dashboard.employers";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadUniversityEmployers(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return universityEmployersAction(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Employers") }, { name: "robots", content: "noindex" }];
}

export default function UniversityEmployers({ loaderData, actionData }: Route.ComponentProps) {
  return <UniversityEmployersPage data={loaderData} answer={actionData} />;
}
