import { describe, expect, it } from "vitest";
import { type SitePage, sitemapXml } from "./discovery.server";

const NO_ENTRIES = { posts: [], categories: [], authors: [], studies: [] } as unknown as Parameters<
  typeof sitemapXml
>[2];
const PAGES: SitePage[] = [
  { path: "/", guard: "home", module: "routes/public/_index.tsx" },
  { path: "/blog", guard: "A", module: "routes/public/blog.tsx" },
  {
    path: "/uk-work-visa-sponsor-licence-check",
    guard: "open",
    module: "routes/public/uk-work-visa-sponsor-licence-check.tsx",
  },
  { path: "/blog/:slug", guard: "A", module: "routes/public/blog.$slug.tsx" },
  { path: "/api/sponsors", guard: "open", module: "routes/api/sponsors.ts", api: true },
  { path: "/my-cvs", guard: "B", module: "routes/cv/my-cvs.tsx" },
];
const listed = (microsite: boolean) =>
  [
    ...sitemapXml("https://careers.example", PAGES, NO_ENTRIES, microsite).matchAll(
      /<loc>https:\/\/careers\.example([^<]*)<\/loc>/g,
    ),
  ].map((m) => m[1]);

describe("the sitemap's pages", () => {
  it("lists the pages a visitor may read, and no address with a parameter", () => {
    expect(listed(false)).toEqual(["/", "/blog", "/uk-work-visa-sponsor-licence-check"]);
  });

  it("lists on a microsite only the open pages, since the others need a login there", () => {
    expect(listed(true)).toEqual(["/uk-work-visa-sponsor-licence-check"]);
  });
});

describe("the sitemap's other addresses", () => {
  it("lists the open jobs given on the main site, with the day each changed, and none on a microsite", () => {
    const jobs = [{ loc: "/jobs/data-analyst-abc123", lastmod: "2026-11-20" }];
    expect(sitemapXml("https://careers.example", PAGES, NO_ENTRIES, false, jobs)).toContain(
      "<url><loc>https://careers.example/jobs/data-analyst-abc123</loc><lastmod>2026-11-20</lastmod></url>",
    );
    expect(sitemapXml("https://careers.example", PAGES, NO_ENTRIES, true, jobs)).not.toContain(
      "/jobs/data-analyst-abc123",
    );
  });
});
