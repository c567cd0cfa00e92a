import { GuidePageView } from "~/features/country-guides/components/guide-page";
import { loadGuidePage } from "~/features/country-guides/pages.server";
import { EBOOKS } from "~/features/ebooks";
import { breadcrumbLd, pageTitle, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/country-guide.$slug.overview";

// One module for a guide's overview and its thirteen sections: the pattern's last part names the page.
export function loader({ context, params, pattern }: Route.LoaderArgs) {
  return loadGuidePage(context, params.slug, pattern);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle("Not found") }];
  const { origin, country, name, current } = loaderData;
  const url = `${origin}/country-guide/${country}/${current.page}`;
  const tags = seoMeta({
    title: current.title,
    description: current.summary,
    url,
    type: "article",
    jsonLd: [
      breadcrumbLd([
        ["Home", `${origin}/`],
        ["Country guides", `${origin}/country-guide`],
        [name, `${origin}/country-guide/${country}/overview`],
        ...(current.page === "overview" ? [] : ([[current.title, url]] as [string, string][])),
      ]),
    ],
  });
  // The sections are for members only: search engines index the overviews.
  if (current.page !== "overview") tags.push({ name: "robots", content: "noindex" });
  return tags;
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function CountryGuide({ loaderData }: Route.ComponentProps) {
  const ebook = EBOOKS.find((e) => e.country === loaderData.country)!;
  return <GuidePageView data={loaderData} ebookHref={`/ebook/${ebook.slug}`} />;
}
