import { type SQL, and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogAuthors, blogCategories, blogPosts, caseStudies, successStories } from "~/db/schema";

const POSTS_PER_PAGE = 12;

/** "1" a published post, "2" a category, "0" neither: the blog slug check of spec section 3. */
export async function blogSlugType(db: Db, slug: string): Promise<"0" | "1" | "2"> {
  if (await publishedPostExists(db, slug)) return "1";
  return (await findCategory(db, slug)) ? "2" : "0";
}

export async function publishedPostExists(db: Db, slug: string): Promise<boolean> {
  const [post] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, "published")));
  return !!post;
}

const published = eq(blogPosts.status, "published");

const cardFields = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  summary: blogPosts.summary,
  publishedOn: blogPosts.publishedOn,
  readingMinutes: blogPosts.readingMinutes,
  coverImage: blogPosts.coverImage,
  coverAlt: blogPosts.coverAlt,
  categorySlug: blogCategories.slug,
  categoryName: blogCategories.name,
  authorSlug: blogAuthors.slug,
  authorName: blogAuthors.name,
};

/** Published posts with their category and author, for lists. */
function postCards(db: Db) {
  return db
    .select(cardFields)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogPosts.categoryId, blogCategories.id))
    .leftJoin(blogAuthors, eq(blogPosts.authorId, blogAuthors.id))
    .$dynamic();
}
export type PostCard = Awaited<ReturnType<typeof postCards>>[number];

export type PostPage = { posts: PostCard[]; total: number; page: number; pages: number };

/**
 * Published posts, newest first, a page at a time. `q` is matched by PostgreSQL full-text search
 * (English stemming, so "interview" finds "interviews"), best matches first.
 */
export async function listPosts(
  db: Db,
  opts: { page: number; categoryId?: number; authorId?: number; q?: string },
): Promise<PostPage> {
  const filters: SQL[] = [published];
  if (opts.categoryId) filters.push(eq(blogPosts.categoryId, opts.categoryId));
  if (opts.authorId) filters.push(eq(blogPosts.authorId, opts.authorId));
  const query = opts.q ? sql`websearch_to_tsquery('english', ${opts.q})` : undefined;
  if (query) filters.push(sql`${blogPosts.search} @@ ${query}`);
  const where = and(...filters);

  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
  const page = Math.min(Math.max(1, opts.page), pages);
  const order = query
    ? [desc(sql`ts_rank(${blogPosts.search}, ${query})`), desc(blogPosts.publishedOn), blogPosts.slug]
    : [desc(blogPosts.publishedOn), blogPosts.slug];
  const posts = await postCards(db)
    .where(where)
    .orderBy(...order)
    .limit(POSTS_PER_PAGE)
    .offset((page - 1) * POSTS_PER_PAGE);
  return { posts, total, page, pages };
}

export async function listCategories(db: Db) {
  return db
    .select({
      id: blogCategories.id,
      slug: blogCategories.slug,
      name: blogCategories.name,
      description: blogCategories.description,
    })
    .from(blogCategories)
    .where(eq(blogCategories.active, true))
    .orderBy(blogCategories.position, blogCategories.name);
}

async function findCategory(db: Db, slug: string) {
  const [category] = await db
    .select({
      id: blogCategories.id,
      slug: blogCategories.slug,
      name: blogCategories.name,
      description: blogCategories.description,
    })
    .from(blogCategories)
    .where(and(eq(blogCategories.slug, slug), eq(blogCategories.active, true)));
  return category;
}

export async function findPost(db: Db, slug: string) {
  const [post] = await db
    .select({
      ...cardFields,
      id: blogPosts.id,
      categoryId: blogPosts.categoryId,
      bodyHtml: blogPosts.bodyHtml,
      tags: blogPosts.tags,
      revisedOn: blogPosts.revisedOn,
      seoTitle: blogPosts.seoTitle,
      seoDescription: blogPosts.seoDescription,
      authorJobTitle: blogAuthors.jobTitle,
      authorSummary: blogAuthors.summary,
    })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogPosts.categoryId, blogCategories.id))
    .leftJoin(blogAuthors, eq(blogPosts.authorId, blogAuthors.id))
    .where(and(eq(blogPosts.slug, slug), published));
  return post;
}

/** Up to three other posts: most shared tags first, then the same category, then the newest. */
export async function relatedPosts(
  db: Db,
  post: { id: number; categoryId: number | null; tags: string[] },
): Promise<PostCard[]> {
  const sharedTags = sql`cardinality(array(select unnest(${blogPosts.tags}) intersect select unnest(${sql.param(post.tags)}::text[])))`;
  return postCards(db)
    .where(and(published, ne(blogPosts.id, post.id)))
    .orderBy(
      desc(sharedTags),
      desc(sql`${blogPosts.categoryId} is not distinct from ${post.categoryId}`),
      desc(blogPosts.publishedOn),
    )
    .limit(3);
}

export async function findAuthor(db: Db, slug: string) {
  const [author] = await db
    .select({
      id: blogAuthors.id,
      slug: blogAuthors.slug,
      name: blogAuthors.name,
      jobTitle: blogAuthors.jobTitle,
      summary: blogAuthors.summary,
      bioHtml: blogAuthors.bioHtml,
    })
    .from(blogAuthors)
    .where(and(eq(blogAuthors.slug, slug), eq(blogAuthors.active, true)));
  return author;
}

export async function listApprovedStories(db: Db) {
  return db
    .select({
      id: successStories.id,
      name: successStories.name,
      university: successStories.university,
      course: successStories.course,
      homeCountry: successStories.homeCountry,
      role: successStories.role,
      employer: successStories.employer,
      quote: successStories.quote,
      storyHtml: successStories.storyHtml,
      publishedOn: successStories.publishedOn,
    })
    .from(successStories)
    .where(eq(successStories.status, "approved"))
    .orderBy(desc(successStories.publishedOn), desc(successStories.id));
}

export async function listCaseStudies(db: Db) {
  return db
    .select({
      slug: caseStudies.slug,
      title: caseStudies.title,
      university: caseStudies.university,
      summary: caseStudies.summary,
      publishedOn: caseStudies.publishedOn,
    })
    .from(caseStudies)
    .where(eq(caseStudies.status, "published"))
    .orderBy(desc(caseStudies.publishedOn), caseStudies.slug);
}

export async function findCaseStudy(db: Db, slug: string) {
  const [study] = await db
    .select()
    .from(caseStudies)
    .where(and(eq(caseStudies.slug, slug), eq(caseStudies.status, "published")));
  return study;
}

/** What the sitemap and the feed list: published entries with their last change. */
export async function publishedEntries(db: Db) {
  const [posts, categories, authors, studies] = await Promise.all([
    db
      .select({
        slug: blogPosts.slug,
        title: blogPosts.title,
        summary: blogPosts.summary,
        publishedOn: blogPosts.publishedOn,
        revisedOn: blogPosts.revisedOn,
        authorName: blogAuthors.name,
        categoryName: blogCategories.name,
      })
      .from(blogPosts)
      .leftJoin(blogAuthors, eq(blogPosts.authorId, blogAuthors.id))
      .leftJoin(blogCategories, eq(blogPosts.categoryId, blogCategories.id))
      .where(published)
      .orderBy(desc(blogPosts.publishedOn), blogPosts.slug),
    db.select({ slug: blogCategories.slug }).from(blogCategories).where(eq(blogCategories.active, true)),
    db.select({ slug: blogAuthors.slug }).from(blogAuthors).where(eq(blogAuthors.active, true)),
    db
      .select({ slug: caseStudies.slug, publishedOn: caseStudies.publishedOn })
      .from(caseStudies)
      .where(eq(caseStudies.status, "published")),
  ]);
  return { posts, categories, authors, studies };
}
