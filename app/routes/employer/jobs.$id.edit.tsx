import { JobFormPage } from "~/features/employers/components/job-form-page";
import { jobFormAction, loadJobForm } from "~/features/employers/jobs-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jobs.$id.edit";

export const loader = ({ params, context }: Route.LoaderArgs) => loadJobForm(context, Number(params.id));

export const action = ({ request, params, context }: Route.ActionArgs) =>
  jobFormAction(request, context, Number(params.id));

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Edit a job") }];
}

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  return <JobFormPage data={loaderData} answer={actionData} />;
}
