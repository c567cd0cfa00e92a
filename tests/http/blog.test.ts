import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { openDatabase } from "~/db/client.server";
import { successStories } from "~/db/schema";
import { type TestServer, loginAs, request, startServer } from "./harness";

// Expectations come from the demo content files themselves, read here independently of the sync.
const CONTENT = path.resolve(import.meta.dirname, "../../content");
type PostFile = { slug: string; title: string; published: string; status?: string; category: string };
const frontMatter = (file: string) => parse(fs.readFileSync(file, "utf8").split(/^---$/m)[1]!);
const allPosts: PostFile[] = fs
  .readdirSync(path.join(CONTENT, "posts"))
  .map((f) => ({ slug: f.replace(/\.md$/, ""), ...frontMatter(path.join(CONTENT, "posts", f)) }));
const published = allPosts
  .filter((p) => p.status !== "draft")
  .sort((a, b) => b.published.localeCompare(a.published) || a.slug.localeCompare(b.slug));
const draft = allPosts.find((p) => p.status === "draft")!;
const categories = fs.readdirSync(path.join(CONTENT, "categories")).map((f) => f.replace(/\.md$/, ""));
const authors = fs.readdirSync(path.join(CONTENT, "authors")).map((f) => f.replace(/\.md$/, ""));
const studies = fs.readdirSync(path.join(CONTENT, "case-studies")).map((f) => f.replace(/\.md$/, ""));

// TRUST_PROXY gives each form test an address of its own; DATA_DIR is ours so the stored stories can be read at the end.
let server: TestServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-blog-"));
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "true", DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** React separates adjacent text with comments; pages are compared without them. */
const get = async (p: string, host?: string) => {
  const r = await request(server, { path: p, host });
  return { ...r, body: r.body.replaceAll("<!-- -->", "") };
};
/** Post slugs in the order a list page shows them. */
const listed = (body: string) => [...body.matchAll(/<h[23][^>]*><a[^>]*href="\/blog\/([a-z0-9-]+)"/g)].map((m) => m[1]);

describe("the demo content", () => {
  it("has what the issue asks for", () => {
    expect(published.length).toBeGreaterThanOrEqual(12);
    expect(published.map((p) => p.slug)).toContain("masters-and-graduate-jobs-with-2-2-degree");
    expect(authors).toHaveLength(3);
    expect(fs.readdirSync(path.join(CONTENT, "success-stories"))).toHaveLength(6);
    expect(studies).toHaveLength(3);
    for (const c of ["career-advice", "case-studies", "hiring-trends", "success-stories", "news-updates"])
      expect(categories).toContain(c);
    expect(draft).toBeDefined();
  });

  it("imported every file on start without a problem", () => {
    expect(server.output()).not.toMatch(/problem/);
  });
});

describe("/blog", () => {
  it("lists 12 published posts a page, newest first, with links to the next page", async () => {
    const first = await get("/blog");
    expect(first.status).toBe(200);
    expect(listed(first.body)).toEqual(published.slice(0, 12).map((p) => p.slug));
    expect(first.body).toContain(`${published.length} articles, page 1 of 2`);
    expect(first.body).toMatch(
      /<a[^>]*rel="next"[^>]*href="\/blog\?page=2"|<a[^>]*href="\/blog\?page=2"[^>]*rel="next"/,
    );

    const second = await get("/blog?page=2");
    expect(second.status).toBe(200);
    expect(listed(second.body)).toEqual(published.slice(12, 24).map((p) => p.slug));
    expect(second.body).toMatch(/rel="prev"/);
  });

  it("never lists a draft, and its address is a 404", async () => {
    const pages = [(await get("/blog")).body, (await get("/blog?page=2")).body].join("");
    expect(pages).not.toContain(`/blog/${draft.slug}"`);
    expect((await get(`/blog/${draft.slug}`)).status).toBe(404);
  });

  it("filters by category", async () => {
    const r = await get("/blog?category=career-advice");
    const expected = published.filter((p) => p.category === "career-advice").map((p) => p.slug);
    expect(listed(r.body)).toEqual(expected);
    expect(r.body).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it("searches the full text, with stemming", async () => {
    const r = await get("/blog?q=assessment+centres");
    expect(r.status).toBe(200);
    expect(listed(r.body)).toContain("assessment-centres-what-to-expect");
    // "interviewing" stems to the same word as "interviews".
    expect(listed((await get("/blog?q=interviewing")).body)).toContain("star-method-competency-interviews");
  });

  it("helps when nothing matches", async () => {
    const r = await get("/blog?q=zzqxv+plover");
    expect(r.status).toBe(200);
    expect(listed(r.body)).toEqual([]);
    expect(r.body).toContain("No articles match “zzqxv plover”");
    expect(r.body).toContain('href="/blog/career-advice"');
  });

  it("answers 404 for a page that does not exist or an unknown category", async () => {
    for (const p of ["/blog?page=3", "/blog?page=0", "/blog?page=abc", "/blog?category=no-such-category"]) {
      expect((await get(p)).status, p).toBe(404);
    }
  });
});

describe("/blog/{slug}", () => {
  const slug = "masters-and-graduate-jobs-with-2-2-degree";

  it("shows a post with its author, dates, reading time and related posts", async () => {
    const r = await get(`/blog/${slug}`);
    expect(r.status).toBe(200);
    const file = allPosts.find((p) => p.slug === slug)!;
    expect(r.body).toContain(`<h1 class="text-3xl font-bold sm:text-4xl">${file.title}</h1>`);
    expect(r.body).toMatch(/<a rel="author"[^>]*href="\/author\/[a-z-]+"/);
    expect(r.body).toMatch(/· \d+ min read/);
    expect(r.body).toContain(`<time dateTime="${file.published}">`);
    expect(r.body).toContain("Related articles");
    expect(listed(r.body.slice(r.body.indexOf("Related articles")))).toHaveLength(3);
  });

  it("carries canonical, Open Graph, Twitter and JSON-LD metadata", async () => {
    const r = await get(`/blog/${slug}`);
    const origin = `http://localhost:${server.port}`;
    expect(r.body).toContain(`<link rel="canonical" href="${origin}/blog/${slug}"/>`);
    expect(r.body).toContain('<meta property="og:type" content="article"/>');
    expect(r.body).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const ld = [...r.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const article = ld.find((d) => d["@type"] === "Article");
    expect(article).toMatchObject({
      headline: allPosts.find((p) => p.slug === slug)!.title,
      mainEntityOfPage: `${origin}/blog/${slug}`,
    });
    const crumbs = ld.find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { item: string }) => i.item)).toEqual([
      `${origin}/`,
      `${origin}/blog`,
      `${origin}/blog/career-advice`,
      `${origin}/blog/${slug}`,
    ]);
  });

  it("shows a category's posts for a category slug", async () => {
    const r = await get("/blog/hiring-trends");
    expect(r.status).toBe(200);
    expect(listed(r.body)).toEqual(published.filter((p) => p.category === "hiring-trends").map((p) => p.slug));
  });

  it("answers a real 404 for unknown slugs, authors and case studies", async () => {
    for (const p of ["/blog/no-such-post", "/author/no-such-author", "/university-case-study/no-such-study"]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.body).toContain("We can&#x27;t find that page");
    }
  });
});

describe("authors, success stories and case studies", () => {
  it("shows each author with their posts", async () => {
    for (const a of authors) {
      const r = await get(`/author/${a}`);
      expect(r.status).toBe(200);
      expect(r.body).toContain("Articles by");
    }
  });

  it("lists the approved stories and the case studies", async () => {
    const stories = await get("/success-stories");
    expect((stories.body.match(/<article aria-labelledby="story-/g) ?? []).length).toBe(6);
    const list = await get("/uni-case-study");
    for (const s of studies) {
      expect(list.body).toContain(`href="/university-case-study/${s}"`);
      expect((await get(`/university-case-study/${s}`)).status).toBe(200);
    }
  });
});

describe("legacy blog addresses (301)", () => {
  const post = published[0]!.slug;
  it.each([
    ["/blog/advice", "/blog/career-advice"],
    ["/blog/employer-case-studies", "/blog/case-studies"],
    ["/blog/trends", "/blog/hiring-trends"],
    ["/blog/featured-success-stories", "/blog/success-stories"],
    ["/blog/official-updates", "/blog/news-updates"],
    ["/blog/faq", "/blog/masters-and-graduate-jobs-with-2-2-degree"],
    ["/blog/all", "/blog"],
    [`/blog/blogs/view/${post}`, `/blog/${post}`],
    ["/blog/blogs/view/no-such-post", "/blog"],
    ["/blog/blogs/view/career-advice", "/blog"],
    ["/blog/blogs/view", "/blog"],
    [`/blogs/${post}`, `/blog/${post}`],
    ["/blogs/career-advice", "/blog/career-advice"],
    ["/blogs/no-such-post", "/blog"],
    ["/blogs/category/hiring-trends", "/blog/hiring-trends"],
    ["/blogs/category/no-such-category", "/blog"],
    ["/blog/blogs/index/anything", "/blog"],
    ["/blog/blogs/index/anything/else", "/blog"],
    ["/success-stories-form", "/share-your-success-story"],
  ])("moves %s to %s, which answers 200", async (from, to) => {
    const r = await get(from);
    expect(r.status).toBe(301);
    expect(r.location).toBe(to);
    expect((await get(to)).status).toBe(200);
  });

  it("does not move a draft's legacy address to the draft", async () => {
    expect((await get(`/blogs/${draft.slug}`)).location).toBe("/blog");
  });
});

describe("the blog endpoints", () => {
  const json = async (p: string) =>
    JSON.parse((await request(server, { path: p, headers: { "X-Requested-With": "XMLHttpRequest" } })).body);

  it("types posts 1, categories 2, drafts and unknown slugs 0", async () => {
    expect(await json(`/check-blog-slug/${published[0]!.slug}`)).toEqual({
      status: true,
      type: "1",
      message: "A blog post has this slug",
    });
    expect(await json("/check-blog-slug/career-advice")).toEqual({
      status: true,
      type: "2",
      message: "A blog category has this slug",
    });
    expect((await json(`/check-blog-slug/${draft.slug}`)).type).toBe("0");
    expect((await json("/check-blog-slug/no-such-post")).type).toBe("0");
  });

  it("says whether a post exists", async () => {
    expect(await json(`/get-blog-detail/${published[0]!.slug}`)).toEqual({
      status: true,
      isSlugExists: "1",
      message: "The blog post exists",
    });
    expect((await json(`/get-blog-detail/${draft.slug}`)).isSlugExists).toBe("0");
    expect((await json("/get-blog-detail/career-advice")).isSlugExists).toBe("0");
  });
});

describe("feed, sitemap and robots.txt", () => {
  it("publishes the newest posts as RSS", async () => {
    const r = await get("/blog/rss.xml");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const links = [...r.body.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
    expect(links).toEqual(published.slice(0, 20).map((p) => `/blog/${p.slug}`));
  });

  it("lists every public page and published post in the sitemap, and no account page or draft", async () => {
    const r = await get("/sitemap.xml");
    expect(r.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const p of published) expect(locs).toContain(`/blog/${p.slug}`);
    for (const c of categories) expect(locs).toContain(`/blog/${c}`);
    for (const a of authors) expect(locs).toContain(`/author/${a}`);
    for (const s of studies) expect(locs).toContain(`/university-case-study/${s}`);
    for (const p of ["/", "/blog", "/success-stories", "/uk-work-visa-sponsor-licence-check", "/privacy-policy"])
      expect(locs).toContain(p);
    for (const p of ["/student-dashboard", "/login", "/505", `/blog/${draft.slug}`, "/blogs/:slug"])
      expect(locs).not.toContain(p);
  });

  it("lists only the open pages of a microsite, whose other pages need a login", async () => {
    const r = await get("/sitemap.xml", "demo-university.localhost");
    const locs = [...r.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
    expect(locs[0]!.host).toBe(`demo-university.localhost:${server.port}`);
    expect(locs.map((u) => u.pathname)).toContain("/uk-work-visa-sponsor-licence-check");
    expect(locs.map((u) => u.pathname)).not.toContain("/blog");
    expect(r.headers["cache-control"]).toBe("private, max-age=300");
  });

  it("keeps crawlers out of account pages and points them to the sitemap", async () => {
    const r = await get("/robots.txt");
    expect(r.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = r.body.split("\n");
    for (const p of [
      "/student-dashboard",
      "/login",
      "/my-cvs",
      "/university-dashboard",
      "/api/",
      "/jobs/*/apply",
      "/my-saved-jobs",
    ])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain("Disallow: /blog");
    expect(lines).toContain(`Sitemap: http://localhost:${server.port}/sitemap.xml`);
  });
});

describe("sharing a success story", () => {
  const GOOD = {
    name: "Lina M.",
    email: "lina@example.com",
    phone_text: "020 7946 0000",
    phone_country: "GB",
    university: "University of Leeds",
    course: "MSc Finance",
    homeCountry: "Jordan",
    role: "Graduate Analyst",
    employer: "A Leeds bank",
    story: "I applied to forty roles before the one that worked. ".repeat(4) + "Quinoa-flavoured marker sentence.",
    consent: "yes",
    website: "",
  };
  const send = (form: Record<string, string>, ip: string) =>
    request(server, {
      path: "/share-your-success-story",
      form,
      headers: { Origin: `http://localhost:${server.port}`, "X-Forwarded-For": ip },
    });

  it("fills in what it knows of a logged-in member on their microsite", async () => {
    const host = "demo-university.localhost";
    const cookie = await loginAs(server, "student@demo.test", host);
    const r = await request(server, { path: "/share-your-success-story", host, cookie });
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/<input[^>]*id="name"[^>]*value="Aisha Khan"/);
    expect(r.body).toMatch(/<input[^>]*id="email"[^>]*value="student@demo.test"/);
    expect(r.body).toMatch(/<input[^>]*id="university"[^>]*value="Demo University"/);
  });

  it("refuses a bad phone number and a missing consent with messages, keeping what was typed", async () => {
    const r = await send({ ...GOOD, phone_text: "12", consent: "" }, "203.0.113.10");
    expect(r.status).toBe(400);
    expect(r.body).toContain("There is a problem");
    expect(r.body).toMatch(/href="#phone"[^>]*>[^<]*(short|valid)/i);
    expect(r.body).toContain("Tick the box to let us publish your story");
    expect(r.body).toContain("University of Leeds");
  });

  it("stores a good story for moderation and never shows it before approval", async () => {
    const r = await send(GOOD, "203.0.113.11");
    expect(r.status).toBe(303);
    expect(r.location).toBe("/share-your-success-story?sent=1");
    expect((await get("/share-your-success-story?sent=1")).body).toContain("Thank you for your story");
    const stories = await get("/success-stories");
    expect(stories.status).toBe(200);
    expect((stories.body.match(/<article aria-labelledby="story-/g) ?? []).length).toBe(6);
    expect(stories.body).not.toContain("Quinoa-flavoured marker sentence");
  });

  it("limits stories per address", async () => {
    for (let i = 0; i < 3; i++) expect((await send(GOOD, "203.0.113.12")).status).toBe(303);
    const r = await send(GOOD, "203.0.113.12");
    expect(r.status).toBe(429);
    expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
  });

  // Runs last: on the embedded database it stops the server to read what was stored.
  it("stored the accepted stories as pending submissions, the phone in E.164, and nothing of the refused one", async () => {
    const url = server.env.DATABASE_URL;
    if (!url) await server.stop();
    const database = await openDatabase(url ? { url } : { dataDir });
    try {
      const rows = await database.db.select().from(successStories).where(eq(successStories.source, "submission"));
      expect(rows).toHaveLength(4);
      expect(rows[0]).toMatchObject({
        status: "pending",
        name: "Lina M.",
        email: "lina@example.com",
        phone: "+442079460000",
        homeCountry: "Jordan",
        consentToPublish: true,
      });
      expect(rows[0]!.storyHtml).toMatch(/^<p>I applied to forty roles/);
    } finally {
      await database.close();
    }
  });
});
