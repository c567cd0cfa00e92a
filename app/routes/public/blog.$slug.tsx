import { BlogListing } from "~/features/blog/components/blog-listing";
import { PostArticle, articleLd } from "~/features/blog/components/post-article";
import { loadBlogSlug } from "~/features/blog/pages.server";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/blog.$slug";

export const loader = ({ url, params, context }: Route.LoaderArgs) => loadBlogSlug(url, params.slug, context);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { origin } = loaderData;
  if (loaderData.kind === "category") {
    const { listing } = loaderData;
    const page = listing.result.page;
    const url = `${origin}/blog/${listing.category}${page > 1 ? `?page=${page}` : ""}`;
    return seoMeta({
      title: page > 1 ? `${listing.heading}, page ${page}` : listing.heading,
      description: listing.intro,
      url,
      jsonLd: [
        breadcrumbLd([
          ["Home", `${origin}/`],
          ["Blog", `${origin}/blog`],
          [listing.heading, `${origin}/blog/${listing.category}`],
        ]),
      ],
    });
  }
  const { post } = loaderData;
  const url = `${origin}/blog/${post.slug}`;
  const crumbs: [string, string][] = [
    ["Home", `${origin}/`],
    ["Blog", `${origin}/blog`],
  ];
  if (post.categorySlug && post.categoryName) crumbs.push([post.categoryName, `${origin}/blog/${post.categorySlug}`]);
  crumbs.push([post.title, url]);
  const tags = seoMeta({
    title: post.seoTitle ?? post.title,
    description: post.seoDescription ?? post.summary,
    url,
    type: "article",
    image: post.coverImage ? `${origin}${post.coverImage}` : null,
    imageAlt: post.coverAlt,
    jsonLd: [articleLd(post, origin), breadcrumbLd(crumbs)],
  });
  if (post.publishedOn) tags.push({ property: "article:published_time", content: post.publishedOn });
  if (post.revisedOn) tags.push({ property: "article:modified_time", content: post.revisedOn });
  return tags;
}

export default function BlogSlug({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "category") return <BlogListing data={loaderData.listing} isCategoryPage />;
  return <PostArticle post={loaderData.post} related={loaderData.related} />;
}
