import { UniversitiesPage } from "~/features/help/components/universities";
import { UNIVERSITY_PAGES } from "~/features/help/help-values";
import { loadUniversitiesPage } from "~/features/help/pages.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/universities.($type)";

export const loader = ({ params, context }: Route.LoaderArgs) => loadUniversitiesPage(params.type, context);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, description } = UNIVERSITY_PAGES[loaderData.page];
  return seoMeta({ title, description, url: loaderData.canonical });
}

export default function Universities({ loaderData }: Route.ComponentProps) {
  return <UniversitiesPage page={loaderData.page} partners={loaderData.partners} />;
}
