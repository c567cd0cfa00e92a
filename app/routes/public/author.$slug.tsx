import { AuthorPage } from "~/features/blog/components/author-page";
import { loadAuthor } from "~/features/blog/pages.server";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/author.$slug";

export const loader = ({ params, context }: Route.LoaderArgs) => loadAuthor(params.slug, context);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { author, origin } = loaderData;
  const url = `${origin}/author/${author.slug}`;
  return seoMeta({
    title: `${author.name}, ${author.jobTitle}`,
    description: author.summary,
    url,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ProfilePage",
        mainEntity: {
          "@type": "Person",
          name: author.name,
          jobTitle: author.jobTitle,
          description: author.summary,
          url,
        },
      },
      breadcrumbLd([
        ["Home", `${origin}/`],
        ["Blog", `${origin}/blog`],
        [author.name, url],
      ]),
    ],
  });
}

export default function Author({ loaderData }: Route.ComponentProps) {
  const { author, posts, total } = loaderData;
  return <AuthorPage author={author} posts={posts} total={total} />;
}
