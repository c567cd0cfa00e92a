import { BlogListing } from "~/features/blog/components/blog-listing";
import { PostArticle, articleLd } from "~/features/blog/components/post-article";
import { loadListing } from "~/features/blog/listing.server";
import { findPost, relatedPosts } from "~/features/blog/queries.server";
import { dbContext } from "~/db/context";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import { siteOrigin } from "~/features/access/site-url.server";
import type { Route } from "./+types/blog.$slug";

// A slug names a post or a category. Legacy slugs were moved by the root middleware before the guard ran.
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const origin = siteOrigin(context);
  const post = await findPost(db, params.slug);
  if (post) return { kind: "post" as const, origin, post, related: await relatedPosts(db, post) };
  // Not a post: a category's listing, or a 404 when no category has the slug either.
  return { kind: "category" as const, origin, listing: await loadListing(db, url, params.slug) };
}

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
