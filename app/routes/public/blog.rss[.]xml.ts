import { publishedEntries } from "~/features/blog/queries.server";
import { robotsTxt, rssXml, sitemapXml } from "~/features/blog/discovery.server";
import { accessContext } from "~/features/access/context";
import { dbContext } from "~/db/context";
import { siteOrigin } from "~/features/access/site-url.server";
import { sitemapVideos } from "~/features/cih/queries.server";
import { sitemapGuides } from "~/features/ebooks/ebooks.server";
import { UNIVERSITY_PAGES } from "~/features/help/help-values";
import { sitemapJobs } from "~/features/jobs/page.server";
import { todayInLondon } from "~/lib/dates";
import { clockContext } from "~/lib/context";
import { PAGE_ROUTES } from "~/route-table";
import type { Route } from "./+types/blog.rss[.]xml";

const TYPES = {
  "/blog/rss.xml": "application/rss+xml; charset=utf-8",
  "/sitemap.xml": "application/xml; charset=utf-8",
  "/robots.txt": "text/plain; charset=utf-8",
} as const;

/** /blog/rss.xml, /sitemap.xml (with the open jobs, the videos anyone may watch, the guides' overviews and their e-books, and the universities' pages) and /robots.txt: generated from the content on each request, cached for five minutes (only by the browser on a microsite, whose pages need a login). */
export async function loader({ pattern, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const origin = siteOrigin(context);
  const path = pattern as keyof typeof TYPES;
  const microsite = !!context.get(accessContext).microsite;
  let body: string;
  if (path === "/robots.txt") body = robotsTxt(origin, PAGE_ROUTES);
  else {
    const entries = await publishedEntries(db);
    const more =
      path === "/sitemap.xml" && !microsite
        ? [
            ...(await sitemapJobs(db, todayInLondon(context.get(clockContext)()))),
            ...(await sitemapVideos(db)),
            ...(await sitemapGuides(db)),
            ...UNIVERSITY_PAGES.map((loc) => ({ loc })),
          ]
        : [];
    body =
      path === "/blog/rss.xml"
        ? rssXml(origin, entries.posts)
        : sitemapXml(origin, PAGE_ROUTES, entries, microsite, more);
  }
  return new Response(body, {
    headers: { "Content-Type": TYPES[path], "Cache-Control": `${microsite ? "private" : "public"}, max-age=300` },
  });
}
