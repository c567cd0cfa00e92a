import { EbookPage } from "~/features/ebooks/components/ebook-page";
import { ebookPageAction, loadEbookPage } from "~/features/ebooks/ebook-page.server";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/ebook.$slug";

export const loader = ({ url, params, context }: Route.LoaderArgs) => loadEbookPage(url, params.slug, context);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  ebookPageAction(request, params.slug, context);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { ebook, origin, download } = loaderData;
  const tags = seoMeta({
    title: `${ebook.title} (free e-book)`,
    description: ebook.summary,
    url: `${origin}/ebook/${ebook.slug}`,
  });
  return download ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

export { mergeRouteHeaders as headers } from "~/lib/headers";

export default function Ebook({ loaderData, actionData }: Route.ComponentProps) {
  return <EbookPage data={loaderData} form={actionData} />;
}
