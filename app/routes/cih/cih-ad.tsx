import { PremiumAdPage } from "~/features/cih/components/premium-ad";
import { loadPremiumAd, videoAction } from "~/features/cih/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/cih-ad";

// Guard B has run in the root middleware: the user is logged in.
export function loader({ context }: Route.LoaderArgs) {
  return loadPremiumAd(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return videoAction(request, context, "/cih-ad");
}

export function meta() {
  return [{ title: pageTitle("Premium career courses") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function PremiumAd({ loaderData, actionData }: Route.ComponentProps) {
  return <PremiumAdPage data={loaderData} error={actionData?.error ?? null} />;
}
