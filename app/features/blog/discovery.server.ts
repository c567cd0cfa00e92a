import type { GuardKind } from "~/features/access";
import { escapeHtml } from "~/lib/escape-html";
import { SITE_NAME } from "~/lib/meta";
import type { publishedEntries } from "./queries.server";

type Entries = Awaited<ReturnType<typeof publishedEntries>>;
/** A page of the route table, as far as the sitemap and robots.txt need it. */
export type SitePage = { path: string; guard: GuardKind; module: string; movedTo?: unknown; api?: boolean };

/** Guards under which a visitor can read a page: on the main site, and on a microsite (where most pages need a login). */
const VISITOR_GUARDS: Record<"main" | "microsite", readonly GuardKind[]> = {
  main: ["open", "A", "A-any", "audience", "home", "cih", "jumpstart"],
  microsite: ["open"],
};
/** Pages that are not content: status pages and account steps. */
const NOT_CONTENT = new Set(["/505", "/under-maintenance", "/login-success", "/logout"]);

const isListable = (r: SitePage, guards: readonly GuardKind[]) =>
  guards.includes(r.guard) &&
  !r.path.includes(":") &&
  !r.movedTo &&
  !NOT_CONTENT.has(r.path) &&
  !r.path.includes(".") &&
  !r.api;

/** An address another part of the site lists (a job), with the day it last changed. */
export type SitemapUrl = { loc: string; lastmod?: string | null };

/**
 * Every page with content that a visitor may read on this host, and on the main site every post,
 * category, author and case study, and the `more` addresses other parts give (open jobs).
 */
export function sitemapXml(
  origin: string,
  pages: readonly SitePage[],
  entries: Entries,
  microsite: boolean,
  more: readonly SitemapUrl[] = [],
): string {
  const urls: SitemapUrl[] = pages
    .filter((r) => isListable(r, VISITOR_GUARDS[microsite ? "microsite" : "main"]))
    .map((r) => ({ loc: r.path }));
  if (!microsite) {
    urls.push(
      ...entries.posts.map((p) => ({ loc: `/blog/${p.slug}`, lastmod: p.revisedOn ?? p.publishedOn })),
      ...entries.categories.map((c) => ({ loc: `/blog/${c.slug}` })),
      ...entries.authors.map((a) => ({ loc: `/author/${a.slug}` })),
      ...entries.studies.map((s) => ({ loc: `/university-case-study/${s.slug}`, lastmod: s.publishedOn })),
      ...more,
    );
  }
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${escapeHtml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

const rfc822 = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toUTCString();

/** RSS 2.0 of the newest posts. */
export function rssXml(origin: string, posts: Entries["posts"], limit = 20): string {
  const items = posts.slice(0, limit).map((p) => {
    const link = `${origin}/blog/${p.slug}`;
    return [
      "    <item>",
      `      <title>${escapeHtml(p.title)}</title>`,
      `      <link>${escapeHtml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeHtml(link)}</guid>`,
      p.publishedOn ? `      <pubDate>${rfc822(p.publishedOn)}</pubDate>` : "",
      p.authorName ? `      <dc:creator>${escapeHtml(p.authorName)}</dc:creator>` : "",
      p.categoryName ? `      <category>${escapeHtml(p.categoryName)}</category>` : "",
      `      <description>${escapeHtml(p.summary)}</description>`,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const newest = posts[0]?.publishedOn;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeHtml(`${SITE_NAME}: career advice blog`)}</title>
    <link>${escapeHtml(`${origin}/blog`)}</link>
    <atom:link href="${escapeHtml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>Advice on CVs, interviews, visas and the graduate job market for international students.</description>
    <language>en-gb</language>
${newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>\n` : ""}${items.join("\n")}
  </channel>
</rss>
`;
}

/** Crawlers may read everything but account pages and the JSON checks. */
export function robotsTxt(origin: string, pages: readonly SitePage[]): string {
  const privateGuards: readonly GuardKind[] = [
    "B",
    "C",
    "D",
    "student-only",
    "university-admin-only",
    "jumpstart-dashboard",
    "country-guide-section",
  ];
  const prefixes = new Set(
    pages
      .filter((r) => privateGuards.includes(r.guard))
      .map((r) => {
        const cut = r.path.indexOf("/:");
        return cut < 0 ? r.path : `${r.path.slice(0, cut)}/`;
      }),
  );
  // Country guide sections share one dynamic prefix; the overview page stays crawlable.
  const lines = [...prefixes].filter((p) => !p.startsWith("/country-guide/")).sort();
  return [
    "User-agent: *",
    ...lines.map((p) => `Disallow: ${p}`),
    "Disallow: /api/",
    // A job's apply link records an application and leaves the site.
    "Disallow: /jobs/*/apply",
    "Disallow: /check-user-loggedin",
    "Disallow: /check-blog-slug/",
    "Disallow: /get-blog-detail/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
