import { type RouterContextProvider, data } from "react-router";
import { dbContext } from "~/db/context";
import { accessContext } from "~/features/access";
import { siteOrigin } from "~/features/access/index.server";
import { sitemapVideos } from "~/features/cih/index.server";
import { sitemapGuides } from "~/features/ebooks/index.server";
import { UNIVERSITY_PAGES } from "~/features/help";
import { sitemapJobs } from "~/features/jobs/index.server";
import { todayInLondon } from "~/lib/dates";
import { clockContext } from "~/lib/context";
import { type SitePage, robotsTxt, rssXml, sitemapXml } from "./discovery.server";
import { loadListing } from "./listing.server";
import {
  findAuthor,
  findCaseStudy,
  findPost,
  listApprovedStories,
  listCaseStudies,
  listPosts,
  publishedEntries,
  relatedPosts,
} from "./queries.server";

// The blog's pages, the success stories and the universities' case studies, and the files made from them.

type Context = Readonly<RouterContextProvider>;

/** /blog: the newest posts, or a search's (and a category filter's). */
export async function loadBlog(url: URL, context: Context) {
  const listing = await loadListing(context.get(dbContext), url);
  return { listing, origin: siteOrigin(context) };
}

/**
 * /blog/{slug}: a slug names a post (shown with its related posts) or a category (its listing).
 * Legacy slugs were moved by the root middleware before the guard ran.
 */
export async function loadBlogSlug(url: URL, slug: string, context: Context) {
  const db = context.get(dbContext);
  const origin = siteOrigin(context);
  const post = await findPost(db, slug);
  if (post) return { kind: "post" as const, origin, post, related: await relatedPosts(db, post) };
  // Not a post: a category's listing, or a 404 when no category has the slug either.
  return { kind: "category" as const, origin, listing: await loadListing(db, url, slug) };
}

/** /author/{slug}: the author and their newest posts; 404 for no active author. */
export async function loadAuthor(slug: string, context: Context) {
  const db = context.get(dbContext);
  const author = await findAuthor(db, slug);
  if (!author) throw data(null, { status: 404 });
  // Authors write a handful of posts; the newest dozen is the page.
  const { posts, total } = await listPosts(db, { page: 1, authorId: author.id });
  return { author, posts, total, origin: siteOrigin(context) };
}

export type AuthorPageData = Awaited<ReturnType<typeof loadAuthor>>;

/** /success-stories: the stories the editors approved, newest first. */
export async function loadSuccessStories(context: Context) {
  return { stories: await listApprovedStories(context.get(dbContext)), origin: siteOrigin(context) };
}

export type SuccessStory = Awaited<ReturnType<typeof listApprovedStories>>[number];

/** /uni-case-study: the published case studies. */
export async function loadCaseStudies(context: Context) {
  return { studies: await listCaseStudies(context.get(dbContext)), origin: siteOrigin(context) };
}

export type CaseStudyCard = Awaited<ReturnType<typeof listCaseStudies>>[number];

/** /university-case-study/{slug}: a published case study; 404 for any other slug. */
export async function loadCaseStudy(slug: string, context: Context) {
  const study = await findCaseStudy(context.get(dbContext), slug);
  if (!study) throw data(null, { status: 404 });
  return { study, origin: siteOrigin(context) };
}

export type CaseStudy = Awaited<ReturnType<typeof loadCaseStudy>>["study"];

const TYPES = {
  "/blog/rss.xml": "application/rss+xml; charset=utf-8",
  "/sitemap.xml": "application/xml; charset=utf-8",
  "/robots.txt": "text/plain; charset=utf-8",
} as const;

/** /blog/rss.xml, /sitemap.xml (with the open jobs, the videos anyone may watch, the guides' overviews and their e-books, and the universities' pages) and /robots.txt: generated from the content on each request, cached for five minutes (only by the browser on a microsite, whose pages need a login). */
export async function discoveryFile(pattern: string, context: Context, pages: readonly SitePage[]) {
  const db = context.get(dbContext);
  const origin = siteOrigin(context);
  const path = pattern as keyof typeof TYPES;
  const microsite = !!context.get(accessContext).microsite;
  let body: string;
  if (path === "/robots.txt") body = robotsTxt(origin, pages);
  else {
    const entries = await publishedEntries(db);
    const more =
      path === "/sitemap.xml" && !microsite
        ? [
            ...(await sitemapJobs(db, todayInLondon(context.get(clockContext)()))),
            ...(await sitemapVideos(db)),
            ...(await sitemapGuides(db)),
            ...Object.values(UNIVERSITY_PAGES).map((p) => ({ loc: p.path })),
          ]
        : [];
    body =
      path === "/blog/rss.xml" ? rssXml(origin, entries.posts) : sitemapXml(origin, pages, entries, microsite, more);
  }
  return new Response(body, {
    headers: { "Content-Type": TYPES[path], "Cache-Control": `${microsite ? "private" : "public"}, max-age=300` },
  });
}
