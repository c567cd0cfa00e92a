import { redirect } from "react-router";
import { logOut } from "~/features/accounts/login-page.server";
import type { Route } from "./+types/logout";

// Logging out changes state, so only a POST does it; a GET just goes home.
export function loader() {
  return redirect("/");
}

export function action({ request, context }: Route.ActionArgs) {
  return logOut(request, context);
}
