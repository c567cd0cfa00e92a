import { EnquiryPage } from "~/features/ops/components/enquiry-page";
import { enquiryAction, loadEnquiry } from "~/features/ops/enquiries.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/enquiries.$id";

export const loader = ({ context, params }: Route.LoaderArgs) => loadEnquiry(context, params.id);

export const action = ({ request, context, params }: Route.ActionArgs) => enquiryAction(request, context, params.id);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? `Enquiry: ${loaderData.subject}` : "Enquiry") },
    { name: "robots", content: "noindex" },
  ];
}

export default function Enquiry({ loaderData, actionData }: Route.ComponentProps) {
  return <EnquiryPage enquiry={loaderData} answer={actionData} />;
}
