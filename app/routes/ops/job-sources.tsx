import { JobSourcesPage } from "~/features/ops/components/job-sources-page";
import { addJobSource, loadJobSources } from "~/features/ops/job-sources.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/job-sources";

export const loader = ({ request, context }: Route.LoaderArgs) => loadJobSources(new URL(request.url), context);

export const action = ({ request, context }: Route.ActionArgs) => addJobSource(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Job sources") }, { name: "robots", content: "noindex" }];
}

export default function OpsJobSources({ loaderData, actionData }: Route.ComponentProps) {
  return <JobSourcesPage {...loaderData} answer={actionData} />;
}
