import { type RouterContextProvider, redirect } from "react-router";
import { dbContext } from "~/db/context";
import { blogSlugType, publishedPostExists } from "./queries.server";

/**
 * The blog's old addresses move for good (301): to the post (or category) when it is published,
 * else to /blog. /blog/blogs/view/{slug} checks the post; /blogs/{slug} and /blogs/category/{slug}
 * check post or category.
 */
export async function movedBlogAddress(pattern: string, slug: string, context: Readonly<RouterContextProvider>) {
  const db = context.get(dbContext);
  const found =
    pattern === "/blog/blogs/view/:slug" ? await publishedPostExists(db, slug) : (await blogSlugType(db, slug)) !== "0";
  return redirect(found ? `/blog/${encodeURIComponent(slug)}` : "/blog", 301);
}
