import { RegisterPage } from "~/features/accounts/components/register-page";
import { loadRegisterPage, register } from "~/features/accounts/registration-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/register.$university_id";

export function loader({ params, url, context }: Route.LoaderArgs) {
  return loadRegisterPage(params.university_id, url, context);
}

export function action({ request, params, pattern, context }: Route.ActionArgs) {
  return register(request, params.university_id, pattern, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: pageTitle(
        loaderData?.sent ? "Check your email" : `Create your ${loaderData?.university.name ?? ""} account`,
      ),
    },
  ];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegisterPage {...loaderData} answer={actionData} />;
}
