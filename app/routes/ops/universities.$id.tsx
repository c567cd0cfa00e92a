import { UniversityPage } from "~/features/ops/components/university-page";
import { loadUniversity, universityAction } from "~/features/ops/university.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/universities.$id";

export const loader = ({ params, context }: Route.LoaderArgs) => loadUniversity(params.id, context);

export const action = ({ request, params, context }: Route.ActionArgs) => universityAction(request, params.id, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(`${loaderData?.university.name ?? "University"}: operations console`) },
    { name: "robots", content: "noindex" },
  ];
}

export default function University({ loaderData, actionData }: Route.ComponentProps) {
  return <UniversityPage {...loaderData} answer={actionData} />;
}
