import { ContactPage } from "~/features/contact/components/contact-page";
import { contactPageAction, loadContactPage } from "~/features/contact/contact-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/contact-us";

export const loader = ({ url, context }: Route.LoaderArgs) => loadContactPage(url, context);

export const action = ({ request, context }: Route.ActionArgs) => contactPageAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.sent ? "Message sent" : "Contact us") }];
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage data={loaderData} form={actionData} />;
}
