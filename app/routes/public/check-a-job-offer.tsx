import { loadOfferCheck } from "~/features/sponsorship/offer-page.server";
import { OfferCheckPage } from "~/features/sponsorship/components/offer-check-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/check-a-job-offer";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadOfferCheck(url, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle("Check a job offer for Skilled Worker sponsorship") },
    {
      name: "description",
      content:
        "Whether a job offer meets the Skilled Worker visa's occupation and salary rules, with the thresholds it is measured against.",
    },
    // A checked offer is one person's; the empty form is the page.
    ...(loaderData && Object.keys(loaderData.values).length ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function CheckAJobOffer({ loaderData }: Route.ComponentProps) {
  return <OfferCheckPage data={loaderData} />;
}
