import { CampusAmbassadorsPage } from "~/features/help/components/campus-ambassadors";
import { ambassadorPageAction, loadAmbassadorPage } from "~/features/help/forms.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/campus-ambassadors";

export const loader = ({ url, context }: Route.LoaderArgs) => loadAmbassadorPage(url, context);

export const action = ({ request, context }: Route.ActionArgs) => ambassadorPageAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData?.sent ? "Application sent" : "Campus ambassadors") },
    {
      name: "description",
      content:
        "Represent the platform at your university: help other international students with their job search, and gain experience employers value.",
    },
  ];
}

export default function CampusAmbassadors({ loaderData, actionData }: Route.ComponentProps) {
  return <CampusAmbassadorsPage data={loaderData} form={actionData} />;
}
