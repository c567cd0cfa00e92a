import { GuideIndexPage } from "~/features/country-guides/components/guide-index-page";
import { GUIDES_INTRO } from "~/features/country-guides/guides";
import { loadGuideIndex } from "~/features/country-guides/pages.server";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/country-guide";

export function loader({ context }: Route.LoaderArgs) {
  return loadGuideIndex(context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { origin } = loaderData;
  return seoMeta({
    title: "Country guides",
    description: GUIDES_INTRO,
    url: `${origin}/country-guide`,
    jsonLd: [
      breadcrumbLd([
        ["Home", `${origin}/`],
        ["Country guides", `${origin}/country-guide`],
      ]),
    ],
  });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function CountryGuides({ loaderData }: Route.ComponentProps) {
  return <GuideIndexPage data={loaderData} />;
}
