import { AcceptInvitationPage } from "~/features/accounts/components/accept-invitation-page";
import { acceptInvitationForm, loadInvitation } from "~/features/accounts/setup-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/register-invite.$user_id";

export function loader({ params, url, context }: Route.LoaderArgs) {
  return loadInvitation(params.user_id, url, context);
}

export function action({ request, params, url, context }: Route.ActionArgs) {
  return acceptInvitationForm(request, params.user_id, url, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [
    { title: pageTitle("Accept your invitation") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function RegisterInvite({ loaderData, actionData }: Route.ComponentProps) {
  return <AcceptInvitationPage {...loaderData} answer={actionData} />;
}
