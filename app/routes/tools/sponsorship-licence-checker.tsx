import { LicenceCheckerPage } from "~/features/sponsors/components/check-pages";
import { loadCheckerPage, shortlistAction } from "~/features/sponsors/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/sponsorship-licence-checker";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadCheckerPage(context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return shortlistAction(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Sponsorship licence checker") }];
}

export default function SponsorshipLicenceChecker({ loaderData, actionData }: Route.ComponentProps) {
  return <LicenceCheckerPage data={loaderData} shortlistError={actionData?.shortlistError} />;
}
