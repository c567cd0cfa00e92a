import { ReportPage } from "~/features/analytics/components/report-page";
import { loadReport } from "~/features/analytics/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/home-country-job-analytics";

export const loader = ({ request, context }: Route.LoaderArgs) => loadReport(request, context, "home-country");

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Home country analytics") }, { name: "robots", content: "noindex" }];
}

export default function HomeCountryAnalytics({ loaderData }: Route.ComponentProps) {
  return (
    <ReportPage
      path="/home-country-job-analytics"
      title="Home country analytics"
      intro="Where your students come from, how many of them were active, the jobs they pursue, and how many open jobs on the platform are located in each country. Countries with fewer than 5 of your students are counted together."
      {...loaderData}
    />
  );
}
