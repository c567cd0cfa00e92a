import { TAB_LABELS, UniversityProfilePage } from "~/features/university-profile/components/profile-page";
import { loadUniversityProfile, universityProfileAction } from "~/features/university-profile/page.server";
import { tabOfPattern } from "~/features/university-profile/schema";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-user-profile.($type)";

export function loader({ request, params, pattern, context }: Route.LoaderArgs) {
  return loadUniversityProfile(params.type ?? tabOfPattern(pattern), context, new URL(request.url));
}

export function action({ request, params, pattern, context }: Route.ActionArgs) {
  return universityProfileAction(request, params.type ?? tabOfPattern(pattern), context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? `University profile: ${TAB_LABELS[loaderData.view.tab]}` : "Not found") },
    { name: "robots", content: "noindex" },
  ];
}

export default function UniversityUserProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <UniversityProfilePage data={loaderData} answer={actionData} />;
}
