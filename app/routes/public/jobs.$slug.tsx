import { JobPage } from "~/features/jobs/components/job-page";
import { loadJobPage, reportJobAction } from "~/features/jobs/job-page.server";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/jobs.$slug";

export function loader({ params, context }: Route.LoaderArgs) {
  return loadJobPage(params.slug, context);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return reportJobAction(request, params.slug, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { job, origin, ld, summary } = loaderData;
  const url = `${origin}/jobs/${job.slug}`;
  const tags = seoMeta({
    title: `${job.title} at ${job.employer.name}`,
    description: summary,
    url,
    jsonLd: [
      ...(ld ? [ld] : []),
      breadcrumbLd([
        ["Home", `${origin}/`],
        ["Jobs", `${origin}/jobs`],
        [job.title, url],
      ]),
    ],
  });
  // Google's advice for a vacancy that has closed: keep the page for people, out of the index.
  return job.closed ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Job({ loaderData, actionData }: Route.ComponentProps) {
  return <JobPage data={loaderData} reportAnswer={actionData} />;
}
