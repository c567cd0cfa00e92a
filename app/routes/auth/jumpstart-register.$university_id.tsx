import { PredepartureRegistrationPage } from "~/features/accounts/components/predeparture-registration-page";
import { loadUniversityForm, registerPredeparture } from "~/features/accounts/registration-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jumpstart-register.$university_id";

export function loader({ params, url, context }: Route.LoaderArgs) {
  return loadUniversityForm(params.university_id, url, context);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return registerPredeparture(request, params.university_id, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Check your email" : "Pre-departure registration") }];
}

export default function JumpstartRegister({ loaderData, actionData }: Route.ComponentProps) {
  return <PredepartureRegistrationPage {...loaderData} answer={actionData} />;
}
