import { LoginPage } from "~/features/accounts/components/login-page";
import { loadLoginPage, logIn } from "~/features/accounts/login-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/login";

export function loader({ pattern, params, url, context }: Route.LoaderArgs) {
  return loadLoginPage(pattern, params, url, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return logIn(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.variant === "predeparture" ? "Pre-departure log in" : "Log in") }];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginPage data={loaderData} answer={actionData} />;
}
