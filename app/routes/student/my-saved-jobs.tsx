import { SavedJobsPage } from "~/features/jobs/components/saved-jobs-page";
import { loadSavedJobs, savedJobsAction } from "~/features/jobs/saved-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/my-saved-jobs";

export function loader({ context }: Route.LoaderArgs) {
  return loadSavedJobs(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return savedJobsAction(request, context);
}

export function meta() {
  return [{ title: pageTitle("My saved jobs") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function MySavedJobs({ loaderData, actionData }: Route.ComponentProps) {
  return <SavedJobsPage data={loaderData} answer={actionData} />;
}
