import { ForgotPasswordPage } from "~/features/accounts/components/forgot-password-page";
import { askForPasswordReset, loadMainForgotPassword } from "~/features/accounts/password-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/forgot-password";

export function loader({ url }: Route.LoaderArgs) {
  return loadMainForgotPassword(url);
}

export function action({ request, context }: Route.ActionArgs) {
  return askForPasswordReset(request, null, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Check your email" : "Forgot your password?") }];
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ForgotPasswordPage {...loaderData} answer={actionData} />;
}
