import { redirect } from "react-router";
import { blogSlugType, publishedPostExists } from "~/features/blog/queries.server";
import { dbContext } from "~/db/context";
import type { Route } from "./+types/blogs.$slug";

/** /blog/blogs/view/{slug} checks the post; /blogs/{slug} and /blogs/category/{slug} check post or category. */
export async function loader({ pattern, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const slug = params.slug ?? "";
  const found =
    pattern === "/blog/blogs/view/:slug" ? await publishedPostExists(db, slug) : (await blogSlugType(db, slug)) !== "0";
  return redirect(found ? `/blog/${encodeURIComponent(slug)}` : "/blog", 301);
}
