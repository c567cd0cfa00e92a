import { ArticleListPage } from "~/features/jumpstart/components/article-list";
import { loadArticleList } from "~/features/jumpstart/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/resources";

// /jumpstart/resources, /jumpstart/linkedin-starter-playbook and /jumpstart/reading-list.
export function loader({ context, pattern }: Route.LoaderArgs) {
  return loadArticleList(pattern, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData?.title ?? "Pre-departure") },
    { name: "description", content: loaderData?.intro ?? "" },
  ];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function JumpstartArticles({ loaderData }: Route.ComponentProps) {
  return <ArticleListPage data={loaderData} />;
}
