import { ProfileStepPage } from "~/features/accounts/components/profile-step-page";
import { completeProfileStep, loadProfileStep } from "~/features/accounts/setup-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/register.setup-account.update-profile.$user_email";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadProfileStep(url, context);
}

export function action({ request, url, context }: Route.ActionArgs) {
  return completeProfileStep(request, url, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [
    { title: pageTitle("About your studies") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function UpdateProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileStepPage {...loaderData} answer={actionData} />;
}
