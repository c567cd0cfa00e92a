import { FairPage } from "~/features/career-fairs/components/fair-page";
import { fairAction, loadFairPage } from "~/features/career-fairs/fairs-page.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/career-fairs.$slug";

export const loader = ({ params, context }: Route.LoaderArgs) => loadFairPage(params.slug, context);

export const action = ({ request, params, context }: Route.ActionArgs) => fairAction(request, params.slug, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.fair.title ?? "Career fair") }];
}

export default function CareerFair({ loaderData, actionData }: Route.ComponentProps) {
  return <FairPage data={loaderData} answer={actionData} />;
}
