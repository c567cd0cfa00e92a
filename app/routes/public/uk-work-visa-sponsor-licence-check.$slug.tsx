import { OrganisationPage } from "~/features/sponsors/components/organisation-page";
import { loadOrganisationPage, shortlistAction } from "~/features/sponsors/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/uk-work-visa-sponsor-licence-check.$slug";

export function loader({ params, context }: Route.LoaderArgs) {
  return loadOrganisationPage(context, params.slug);
}

export function action({ request, context }: Route.ActionArgs) {
  return shortlistAction(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.organisation?.name;
  return [{ title: pageTitle(name ? `${name}: sponsor licence` : "Employer not found") }];
}

export default function SponsorOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  return <OrganisationPage data={loaderData} shortlistError={actionData?.shortlistError} />;
}
