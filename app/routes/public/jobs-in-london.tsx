import { JobLandingPage } from "~/features/jobs/components/landing-page";
import { loadLandingPage } from "~/features/jobs/landing.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/jobs-in-london";

// One module for every SEO landing page and the India career fair: the pattern picks the page's data.
export function loader({ request, context, pattern }: Route.LoaderArgs) {
  return loadLandingPage(request, context, pattern);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, canonical, ld } = loaderData;
  return seoMeta({ title: page.title, description: page.description, url: canonical, jsonLd: ld });
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function JobLanding({ loaderData }: Route.ComponentProps) {
  return <JobLandingPage data={loaderData} />;
}
