import { ReportPage } from "~/features/analytics/components/report-page";
import { VisaJobFigures } from "~/features/analytics/components/visa-job-figures";
import { loadReport } from "~/features/analytics/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/visa-job-analytics";

export const loader = ({ request, context }: Route.LoaderArgs) => loadReport(request, context, "visa-job");

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Visa and job analytics") }, { name: "robots", content: "noindex" }];
}

export default function VisaJobAnalytics({ loaderData }: Route.ComponentProps) {
  return (
    <ReportPage
      path="/visa-job-analytics"
      title="Visa and job analytics"
      intro="The jobs your students looked at, saved and applied to, by whether a licensed sponsor could employ them on the Skilled Worker route, by occupation and by salary against the thresholds."
      {...loaderData}
    >
      <VisaJobFigures totals={loaderData.totals} thresholds={loaderData.thresholds} />
    </ReportPage>
  );
}
