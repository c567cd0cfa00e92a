import { EmployerJobsPage } from "~/features/employers/components/jobs-page";
import { employerJobsAction, loadEmployerJobs } from "~/features/employers/jobs-pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jobs";

export const loader = ({ context }: Route.LoaderArgs) => loadEmployerJobs(context);

export const action = ({ request, context }: Route.ActionArgs) => employerJobsAction(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Your jobs") }];
}

export default function EmployerJobs({ loaderData }: Route.ComponentProps) {
  return <EmployerJobsPage data={loaderData} />;
}
