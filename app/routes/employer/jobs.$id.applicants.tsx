import { applicantsAction, loadApplicants } from "~/features/applications/applicants-page.server";
import { ApplicantsPage } from "~/features/applications/components/applicants-page";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/jobs.$id.applicants";

export const loader = ({ params, context }: Route.LoaderArgs) => loadApplicants(params.id, context);

export const action = ({ request, params, context }: Route.ActionArgs) => applicantsAction(request, params.id, context);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData ? `Applicants for ${loaderData.job.title}` : "Applicants") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function JobApplicants({ loaderData, actionData }: Route.ComponentProps) {
  return <ApplicantsPage data={loaderData} answer={actionData} />;
}
