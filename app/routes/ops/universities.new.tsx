import { NewUniversityPage } from "~/features/ops/components/new-university-page";
import { createUniversityFromForm, loadNewUniversity } from "~/features/ops/universities.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/universities.new";

export const loader = ({ context }: Route.LoaderArgs) => loadNewUniversity(context);

export const action = ({ request, context }: Route.ActionArgs) => createUniversityFromForm(request, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Add a university: operations console") }, { name: "robots", content: "noindex" }];
}

export default function NewUniversity({ loaderData, actionData }: Route.ComponentProps) {
  return <NewUniversityPage {...loaderData} answer={actionData} />;
}
