import { ResetPasswordPage } from "~/features/accounts/components/reset-password-page";
import { chooseNewPassword, loadResetPassword } from "~/features/accounts/password-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/reset-password.$token";

export function loader({ params, context }: Route.LoaderArgs) {
  return loadResetPassword(params.token, context);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return chooseNewPassword(request, params.token, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  // The address holds a secret: no search engine and no other site should see it.
  return [
    { title: pageTitle("Choose a new password") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordPage problem={loaderData.problem} answer={actionData} />;
}
