import { ReportPage } from "~/features/analytics/components/report-page";
import { loadReport } from "~/features/analytics/page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/student-circus-analytics";

export const loader = ({ request, context }: Route.LoaderArgs) => loadReport(request, context, "engagement");

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Student engagement analytics") }, { name: "robots", content: "noindex" }];
}

export default function StudentEngagementAnalytics({ loaderData }: Route.ComponentProps) {
  return (
    <ReportPage
      path="/student-circus-analytics"
      title="Student engagement analytics"
      intro="How your students use the platform: who is active each week, which features they use, how far they get from registering to a first application, how each month's new students get on, and who registered for and attended career fairs."
      {...loaderData}
    />
  );
}
