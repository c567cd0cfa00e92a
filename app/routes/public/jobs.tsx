import { JobSearchPage } from "~/features/jobs/components/search-page";
import { JOB_TYPES } from "~/features/jobs/labels";
import { loadJobSearch } from "~/features/jobs/search-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jobs";

export function loader({ url, context }: Route.LoaderArgs) {
  return loadJobSearch(url, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  // The list itself is for search engines; each filtered view is a copy of part of it.
  return [{ title: pageTitle("Jobs") }, ...(loaderData?.filtered ? [{ name: "robots", content: "noindex" }] : [])];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return (
    <JobSearchPage
      data={loaderData}
      kind={{
        path: "/jobs",
        heading: "Jobs",
        types: JOB_TYPES,
        alertList: "/jobs",
        intro:
          "Every job shows whether it could lead to a sponsored Skilled Worker visa, checked against the rules of the Home Office and its register of licensed sponsors.",
      }}
    />
  );
}
