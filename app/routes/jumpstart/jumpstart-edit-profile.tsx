import { PredepartureProfilePage } from "~/features/accounts/components/predeparture-profile-page";
import {
  loadPredepartureProfile,
  savePredepartureProfilePage,
} from "~/features/accounts/predeparture-profile-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jumpstart-edit-profile";

export function loader({ request, url, context }: Route.LoaderArgs) {
  return loadPredepartureProfile(request, url, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return savePredepartureProfilePage(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Edit your pre-departure profile") }, { name: "robots", content: "noindex" }];
}

export default function JumpstartEditProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <PredepartureProfilePage data={loaderData} answer={actionData} />;
}
