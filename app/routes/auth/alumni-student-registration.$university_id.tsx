import { AlumniRegistrationPage } from "~/features/accounts/components/alumni-registration-page";
import { loadAlumniRegistration, registerAlumnus } from "~/features/accounts/registration-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/alumni-student-registration.$university_id";

export function loader({ params, url, context }: Route.LoaderArgs) {
  return loadAlumniRegistration(params.university_id, url, context);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return registerAlumnus(request, params.university_id, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: pageTitle(
        loaderData?.sent ? "Check your email" : `Register as a ${loaderData?.university.name ?? ""} graduate`,
      ),
    },
  ];
}

export default function AlumniRegistration({ loaderData, actionData }: Route.ComponentProps) {
  return <AlumniRegistrationPage {...loaderData} answer={actionData} />;
}
