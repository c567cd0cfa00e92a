import { ApplyPanel } from "~/features/applications/components/apply-panel";
import { loadJobPageWithApplication } from "~/features/applications/job-page.server";
import { JobPage } from "~/features/jobs/components/job-page";
import { reportJobAction } from "~/features/jobs/job-page.server";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/jobs.$slug";

export function loader({ params, context }: Route.LoaderArgs) {
  return loadJobPageWithApplication(params.slug, context);
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
  const { application } = loaderData;
  return (
    <JobPage
      data={loaderData}
      reportAnswer={actionData}
      apply={application ? <ApplyPanel panel={application} /> : null}
    />
  );
}
