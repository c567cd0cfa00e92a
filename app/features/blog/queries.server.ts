import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogCategories, blogPosts } from "~/db/schema";

/** "1" a published post, "2" a category, "0" neither: the blog slug check of spec section 3. */
export async function blogSlugType(db: Db, slug: string): Promise<"0" | "1" | "2"> {
  if (await publishedPostExists(db, slug)) return "1";
  const [category] = await db.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.slug, slug));
  return category ? "2" : "0";
}

export async function publishedPostExists(db: Db, slug: string): Promise<boolean> {
  const [post] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, "published")));
  return !!post;
}
