import { PartnerWithUsPage } from "~/features/help/components/partner-with-us";
import { loadPartnerPage, partnerPageAction } from "~/features/help/forms.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/partner-with-us";

export const loader = ({ url, context }: Route.LoaderArgs) => loadPartnerPage(url, context);

export const action = ({ request, context }: Route.ActionArgs) => partnerPageAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData?.sent ? "Enquiry sent" : "Partner with us") },
    {
      name: "description",
      content:
        "Give your international students the platform: tell us about your careers service and we will be in touch.",
    },
  ];
}

export default function PartnerWithUs({ loaderData, actionData }: Route.ComponentProps) {
  return <PartnerWithUsPage data={loaderData} form={actionData} />;
}
