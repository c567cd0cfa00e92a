import { JobPreviewPage } from "~/features/employers/components/job-preview-page";
import { loadJobPreview, publishAction } from "~/features/employers/jobs-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jobs.$id.preview";

export const loader = ({ params, context }: Route.LoaderArgs) => loadJobPreview(context, Number(params.id));

export const action = ({ request, params, context }: Route.ActionArgs) =>
  publishAction(request, context, Number(params.id));

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Preview a job") }, { name: "robots", content: "noindex" }];
}

export default function PreviewJob({ loaderData }: Route.ComponentProps) {
  return <JobPreviewPage data={loaderData} />;
}
