import { RequestAccessPage } from "~/features/accounts/components/request-access-page";
import { loadUniversityForm, requestAccess } from "~/features/accounts/registration-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/request-access.$university_id";

export function loader({ params, url, context }: Route.LoaderArgs) {
  return loadUniversityForm(params.university_id, url, context);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return requestAccess(request, params.university_id, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Request sent" : "Request access") }];
}

export default function RequestAccess({ loaderData, actionData }: Route.ComponentProps) {
  return <RequestAccessPage {...loaderData} answer={actionData} />;
}
