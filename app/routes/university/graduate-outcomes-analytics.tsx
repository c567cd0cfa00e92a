import { OutcomesAnalyticsPage } from "~/features/graduate-outcomes/components/analytics-page";
import { loadOutcomesAnalytics } from "~/features/graduate-outcomes/analytics-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/graduate-outcomes-analytics";

export const loader = ({ request, context }: Route.LoaderArgs) => loadOutcomesAnalytics(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Graduate outcomes analytics") }, { name: "robots", content: "noindex" }];
}

export default function GraduateOutcomesAnalytics({ loaderData }: Route.ComponentProps) {
  return <OutcomesAnalyticsPage data={loaderData} />;
}
