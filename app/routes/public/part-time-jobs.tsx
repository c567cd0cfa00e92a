import { PartTimeJobsPage } from "~/features/jobs/components/part-time-jobs-page";
import { loadJobSearch } from "~/features/jobs/search-page.server";
import { PART_TIME_TYPES } from "~/features/jobs/search-values";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/part-time-jobs";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadJobSearch(url, context, PART_TIME_TYPES);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle("Part-time jobs") },
    ...(loaderData?.filtered ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function PartTimeJobs({ loaderData }: Route.ComponentProps) {
  return <PartTimeJobsPage data={loaderData} />;
}
