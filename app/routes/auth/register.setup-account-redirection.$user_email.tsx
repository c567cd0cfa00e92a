import { SetUpAccountPage } from "~/features/accounts/components/set-up-account-page";
import { chooseFirstPassword, loadSetUpAccount } from "~/features/accounts/setup-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/register.setup-account-redirection.$user_email";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadSetUpAccount(url, context);
}

export function action({ request, url, context }: Route.ActionArgs) {
  return chooseFirstPassword(request, url, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [
    { title: pageTitle("Choose your password") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function SetUpAccount({ loaderData, actionData }: Route.ComponentProps) {
  return <SetUpAccountPage {...loaderData} answer={actionData} />;
}
