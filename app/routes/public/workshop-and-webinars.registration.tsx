import { RegistrationPage } from "~/features/workshops/components/registration-page";
import { loadRegistrationPage, registrationPageAction } from "~/features/workshops/registration-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/workshop-and-webinars.registration";

export const loader = ({ url, context }: Route.LoaderArgs) => loadRegistrationPage(url, context);

export const action = ({ request, url, context }: Route.ActionArgs) => registrationPageAction(request, url, context);

export function meta() {
  return [{ title: pageTitle("Your workshop place") }, { name: "robots", content: "noindex" }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function WorkshopRegistration({ loaderData, actionData }: Route.ComponentProps) {
  return <RegistrationPage data={loaderData} formError={actionData?.formError} />;
}
