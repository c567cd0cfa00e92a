import { SessionEnded } from "~/features/accounts/components/login-page";
import { landAfterLogin } from "~/features/accounts/login-page.server";
import { pageTitle } from "~/lib/meta";
import { NOT_A_DESTINATION } from "~/route-table";
import type { Route } from "./+types/login-success";

/** Where a freshly logged-in user lands: the page they were turned away from, else their home page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return landAfterLogin(request, context, NOT_A_DESTINATION);
}

export const meta = () => [{ title: pageTitle("Log in") }];

export default function LoginSuccess() {
  return <SessionEnded />;
}
