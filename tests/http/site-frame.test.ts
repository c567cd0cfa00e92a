import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_UNIVERSITIES } from "~/db/seed/demo";
import { type TestServer, request, startServer } from "./harness";

// Issue 10: the site frame as a new user meets it (login help, pages still being built).
const MAIN_SITE = "https://careers.example";
const DEMO = DEMO_UNIVERSITIES[0];
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: MAIN_SITE });
});
afterAll(() => server?.stop());

/** React separates adjacent text with comments; pages are compared without them. */
const get = async (path: string, host?: string) => {
  const r = await request(server, { path, host });
  return { ...r, body: r.body.replaceAll("<!-- -->", "") };
};
const hrefs = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
const robots = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;

describe("login pages: forgotten passwords and new accounts", () => {
  it("on a microsite link to that university's password and registration pages", async () => {
    const r = await get("/login", DEMO.micrositeHost);
    expect(r.status).toBe(200);
    expect(hrefs(r.body)).toEqual(expect.arrayContaining([`/forgot-password/${DEMO.slug}`, `/register/${DEMO.slug}`]));
  });

  it("for pre-departure students lead to Jumpstart's registration where the university is known", async () => {
    const onMicrosite = await get("/jumpstart-login", DEMO.micrositeHost);
    expect(hrefs(onMicrosite.body)).toEqual(
      expect.arrayContaining([`/jumpstart-register/${DEMO.slug}`, `/forgot-password/${DEMO.slug}`]),
    );
    const named = await get("/jumpstart-login/second-university");
    expect(hrefs(named.body)).toEqual(
      expect.arrayContaining(["/jumpstart-register/second-university", "/forgot-password/second-university"]),
    );
  });

  it("on the main site offer every university to choose from", async () => {
    const r = await get("/login");
    expect(r.body).toContain('<select id="university" name="university"');
    for (const u of DEMO_UNIVERSITIES) expect(r.body).toContain(`<option value="${u.slug}">${u.name}</option>`);
    expect(r.body).toMatch(
      /<button type="submit"(?=[^>]* name="next")[^>]* value="forgot-password"[^>]*>Forgot your password\?<\/button>/,
    );
    expect(r.body).toMatch(
      /<button type="submit"(?=[^>]* name="next")[^>]* value="register"[^>]*>Create an account<\/button>/,
    );
  });

  it.each([
    ["/login?university=demo-university&next=forgot-password", "/forgot-password/demo-university"],
    ["/login?university=second-university&next=register", "/register/second-university"],
    ["/jumpstart-login?university=demo-university&next=register", "/jumpstart-register/demo-university"],
  ])("send the choice %s on to %s", async (path, target) => {
    const r = await get(path);
    expect(r.status).toBe(302);
    expect(r.location).toBe(target);
  });

  it("ask again when no known university was chosen", async () => {
    for (const path of ["/login?university=&next=register", "/login?university=nowhere&next=register"]) {
      const r = await get(path);
      expect(r.status).toBe(200);
      expect(r.body).toContain("Choose your university from the list");
      expect(r.body).toContain('aria-describedby="university-error"');
    }
  });
});

describe("a microsite's login page says where to get help", () => {
  it("names the careers service's contact and the main site's Contact us", async () => {
    const r = await get("/login", DEMO.micrositeHost);
    expect(r.body).toContain("Need help?");
    expect(hrefs(r.body)).toContain(`mailto:${DEMO.careersEmail}`);
    expect(hrefs(r.body)).toContain(`${MAIN_SITE}/contact-us`);
  });

  it("names the careers service even without a contact on record", async () => {
    const r = await get("/login", DEMO_UNIVERSITIES[1].micrositeHost);
    expect(r.body).toContain("contact the Second University careers service.");
    expect(hrefs(r.body).filter((h) => h.startsWith("mailto:"))).toEqual([]);
  });

  it("is not shown on the main site, where Contact us is open to all", async () => {
    expect((await get("/login")).body).not.toContain("Need help?");
  });
});

describe("search engines", () => {
  it("leave pages with content indexable", async () => {
    for (const path of ["/blog", "/contact-us", "/uk-work-visa-sponsor-licence-check"]) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(robots(r.body), path).toBeNull();
    }
  });

  it("find the pages with content in the sitemap, those with an address of their own included (guides, e-books, universities), and no guide section", async () => {
    const r = await get("/sitemap.xml");
    const locs = [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(
      expect.arrayContaining([
        "/",
        "/blog",
        "/contact-us",
        "/faq",
        "/country-guide",
        "/country-guide/uk/overview",
        "/country-guide/ireland/overview",
        "/ebook/working-in-canada-after-graduation",
        "/universities/partners",
        "/universities/why-partner",
      ]),
    );
    expect(locs.filter((l) => l.startsWith("/country-guide/") && !l.endsWith("/overview"))).toEqual([]);
  });
});
