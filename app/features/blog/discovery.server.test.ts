import { describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "~/features/access/route-table";
import { sitemapXml } from "./discovery.server";

const NO_ENTRIES = { posts: [], categories: [], authors: [], studies: [] } as unknown as Parameters<typeof sitemapXml>[1];
const listed = (microsite: boolean) =>
  [...sitemapXml("https://careers.example", NO_ENTRIES, microsite).matchAll(/<loc>https:\/\/careers\.example([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("the sitemap's pages", () => {
  it("leaves out every page that is still being built", () => {
    // The route table's pages without a module of their own are served by the shared "being built" frame.
    const framed = PAGE_ROUTES.filter((r) => !r.module && !r.path.includes(":")).map((r) => r.path);
    expect(framed).toEqual(expect.arrayContaining(["/jobs", "/faq", "/cih", "/jobs-in-london"]));
    for (const microsite of [false, true]) for (const path of framed) expect(listed(microsite)).not.toContain(path);
  });

  it("keeps the pages whose feature has landed", () => {
    expect(listed(false)).toEqual(expect.arrayContaining(["/", "/blog", "/contact-us", "/success-stories", "/uk-work-visa-sponsor-licence-check"]));
    expect(listed(true)).toContain("/uk-work-visa-sponsor-licence-check");
  });
});
