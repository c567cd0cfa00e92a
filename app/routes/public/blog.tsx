import { BlogListing } from "~/features/blog/components/blog-listing";
import { loadBlog } from "~/features/blog/pages.server";
import { breadcrumbLd, seoMeta } from "~/lib/meta";
import type { Route } from "./+types/blog";

export const loader = ({ url, context }: Route.LoaderArgs) => loadBlog(url, context);

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { listing, origin } = loaderData;
  const page = listing.result.page;
  // Search results are not pages of their own for search engines; list pages are.
  const searching = listing.q !== "" || listing.category !== "";
  const url = `${origin}/blog${page > 1 ? `?page=${page}` : ""}`;
  const tags = seoMeta({
    title: searching ? "Search the blog" : page > 1 ? `Career advice blog, page ${page}` : "Career advice blog",
    description: listing.intro,
    url,
    jsonLd: [
      breadcrumbLd([
        ["Home", `${origin}/`],
        ["Blog", `${origin}/blog`],
      ]),
    ],
  });
  tags.push({
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: "Career advice blog",
    href: `${origin}/blog/rss.xml`,
  });
  if (searching) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogListing data={loaderData.listing} isCategoryPage={false} />;
}
