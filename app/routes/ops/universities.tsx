import { UniversitiesPage } from "~/features/ops/components/universities-page";
import { loadUniversities } from "~/features/ops/universities.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/universities";

export const loader = ({ url, context }: Route.LoaderArgs) => loadUniversities(url, context);

export { mergeRouteHeaders as headers } from "~/lib/headers";

export function meta() {
  return [{ title: pageTitle("Universities: operations console") }, { name: "robots", content: "noindex" }];
}

export default function Universities({ loaderData }: Route.ComponentProps) {
  return <UniversitiesPage {...loaderData} />;
}
