import { movedBlogAddress } from "~/features/blog/legacy.server";
import type { Route } from "./+types/blogs.$slug";

/** /blog/blogs/view/{slug}, /blogs/{slug} and /blogs/category/{slug}: the blog's old addresses. */
export function loader({ pattern, params, context }: Route.LoaderArgs) {
  return movedBlogAddress(pattern, params.slug ?? "", context);
}
