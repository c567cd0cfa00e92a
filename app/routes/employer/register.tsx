import { EmployerRegisterPage } from "~/features/employers/components/register-page";
import { employerRegistrationAction, loadEmployerRegistration } from "~/features/employers/registration.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/register";

export const loader = ({ url }: Route.LoaderArgs) => loadEmployerRegistration(url);

export const action = ({ request, context }: Route.ActionArgs) => employerRegistrationAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Check your email" : "Register as an employer") }];
}

export default function EmployerRegister({ loaderData, actionData }: Route.ComponentProps) {
  return <EmployerRegisterPage sent={loaderData.sent} answer={actionData} />;
}
