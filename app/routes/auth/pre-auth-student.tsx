import { loadAccountStatus } from "~/features/accounts/account-pages.server";
import { AccountStatus } from "~/features/accounts/components/account-status";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/pre-auth-student";

/** Where an account its university has not approved (yet) lands: what it asked for, and where that stands. */
export function loader({ context }: Route.LoaderArgs) {
  return loadAccountStatus(context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Your account's status") }, { name: "robots", content: "noindex" }];
}

export default function PreAuthStudent({ loaderData }: Route.ComponentProps) {
  return <AccountStatus {...loaderData} />;
}
