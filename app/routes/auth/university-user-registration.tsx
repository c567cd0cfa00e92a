import { StaffRegistrationPage } from "~/features/accounts/components/staff-registration-page";
import { loadStaffRegistration, registerStaff } from "~/features/accounts/registration-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/university-user-registration";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadStaffRegistration(url, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return registerStaff(request, context);
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Check your email" : "Ask for a university administrator account") }];
}

export default function UniversityUserRegistration({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffRegistrationPage {...loaderData} answer={actionData} />;
}
