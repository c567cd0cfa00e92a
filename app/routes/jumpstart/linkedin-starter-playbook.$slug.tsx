import { ArticlePage } from "~/features/jumpstart/components/article-page";
import { loadArticle } from "~/features/jumpstart/pages.server";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/linkedin-starter-playbook.$slug";

// An article of the LinkedIn starter playbook or of the reading list.
export function loader({ context, pattern, params }: Route.LoaderArgs) {
  return loadArticle(pattern, params.slug, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData
    ? [{ title: pageTitle(loaderData.article.title) }, { name: "description", content: loaderData.article.summary }]
    : [{ title: pageTitle("Not found") }];
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function JumpstartArticle({ loaderData }: Route.ComponentProps) {
  return <ArticlePage data={loaderData} />;
}
