import type { LoaderFunctionArgs } from "react-router";
import { dbContext } from "~/db/context";
import { ok } from "~/lib/json-api.server";
import { blogSlugType, publishedPostExists } from "./queries.server";

const TYPE_MESSAGES = {
  "1": "A blog post has this slug",
  "2": "A blog category has this slug",
  "0": "No blog post or category has this slug",
};

/** The blog checks of spec section 7: GET /check-blog-slug/{slug} and GET /get-blog-detail/{slug}. */
export async function answerBlogCheck({ pattern, params, context }: LoaderFunctionArgs) {
  const db = context.get(dbContext);
  const slug = params.slug ?? "";
  if (pattern.startsWith("/check-blog-slug")) {
    const type = await blogSlugType(db, slug);
    return ok({ type, message: TYPE_MESSAGES[type] });
  }
  const exists = await publishedPostExists(db, slug);
  return ok({
    isSlugExists: exists ? "1" : "0",
    message: exists ? "The blog post exists" : "No blog post has this slug",
  });
}
