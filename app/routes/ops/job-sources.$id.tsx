import { JobSourcePage } from "~/features/ops/components/job-source-page";
import { jobSourceAction, loadJobSource } from "~/features/ops/job-sources.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/job-sources.$id";

export const loader = ({ params, context }: Route.LoaderArgs) => loadJobSource(params.id, context);

export const action = ({ request, params, context }: Route.ActionArgs) => jobSourceAction(request, params.id, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: pageTitle(`Job source #${params.id}`) }, { name: "robots", content: "noindex" }];
}

export default function OpsJobSource({ loaderData, actionData }: Route.ComponentProps) {
  return <JobSourcePage {...loaderData} answer={actionData} />;
}
