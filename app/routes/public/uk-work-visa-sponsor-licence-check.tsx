import { LicenceCheckPage } from "~/features/sponsors/components/check-pages";
import { loadCheckPage } from "~/features/sponsors/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/uk-work-visa-sponsor-licence-check";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadCheckPage(context, url);
}

export function meta() {
  return [
    { title: pageTitle("UK work visa sponsor licence check") },
    {
      name: "description",
      content:
        "Check whether a UK employer holds a Home Office licence to sponsor workers, on which visa routes and with which rating.",
    },
  ];
}

export default function SponsorLicenceCheck({ loaderData }: Route.ComponentProps) {
  return <LicenceCheckPage data={loaderData} />;
}
