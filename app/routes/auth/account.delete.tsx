import { deleteOwnAccount, loadDeleteAccount } from "~/features/accounts/account-pages.server";
import { DeleteAccountPage } from "~/features/accounts/components/delete-account-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/account.delete";

export function loader({ context }: Route.LoaderArgs) {
  return loadDeleteAccount(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return deleteOwnAccount(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Delete your account") }, { name: "robots", content: "noindex" }];
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  return <DeleteAccountPage profilePath={loaderData.profilePath} answer={actionData} />;
}
