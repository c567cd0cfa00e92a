import { ForgotPasswordPage } from "~/features/accounts/components/forgot-password-page";
import { askForPasswordReset } from "~/features/accounts/password-pages.server";
import { loadUniversityForm } from "~/features/accounts/registration-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/forgot-password.$university_id";

export function loader({ params, url, context }: Route.LoaderArgs) {
  return loadUniversityForm(params.university_id, url, context);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return askForPasswordReset(request, params.university_id, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Check your email" : "Forgot your password?") }];
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ForgotPasswordPage {...loaderData} answer={actionData} />;
}
