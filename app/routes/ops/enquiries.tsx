import { EnquiriesPage } from "~/features/ops/components/enquiries-page";
import { loadEnquiries } from "~/features/ops/enquiries.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/enquiries";

export const loader = ({ request, context }: Route.LoaderArgs) => loadEnquiries(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Enquiries") }, { name: "robots", content: "noindex" }];
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  return <EnquiriesPage {...loaderData} />;
}
