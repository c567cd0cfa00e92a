import { JobFormPage } from "~/features/employers/components/job-form-page";
import { jobFormAction, loadJobForm } from "~/features/employers/jobs-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jobs.new";

export const loader = ({ context }: Route.LoaderArgs) => loadJobForm(context, null);

export const action = ({ request, context }: Route.ActionArgs) => jobFormAction(request, context, null);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Post a job") }];
}

export default function NewJob({ loaderData, actionData }: Route.ComponentProps) {
  return <JobFormPage data={loaderData} answer={actionData} />;
}
