import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "~/db/client.server";
import { blogAuthors, blogCategories, blogPosts, caseStudies, successStories } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { formatReport, syncContent as syncAreas } from "~/features/content/sync.server";
import { syncBlog } from "./content-sync.server";

let database: Database;
let dir: string;

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const AUTHOR = `---\nname: Ada Okafor\njobTitle: Careers Consultant\nsummary: Helps students find graduate work.\n---\nAda has advised students for ten years.\n`;
const CATEGORY = `---\nname: Career advice\ndescription: Practical advice.\norder: 1\n---\n`;
const post = (title: string, extra = "") =>
  `---\ntitle: ${title}\nsummary: A short summary.\nauthor: ada-okafor\ncategory: career-advice\ntags: [cv, interviews]\npublished: 2026-03-14\n${extra}---\n## First section\n\nSome **bold** words.\n`;
const STORY = `---\nname: Chidi O.\nuniversity: University of Leeds\ncourse: MSc Data Science\nhomeCountry: Nigeria\nrole: Data Analyst\nemployer: An NHS trust\npublished: 2026-02-10\nquote: It worked.\n---\nThe story.\n`;
const STUDY = `---\ntitle: A case study\nuniversity: Northbridge University\nsummary: What happened.\npublished: 2026-04-01\nmetrics:\n  - label: Students activated\n    value: 1240\n---\nBody.\n`;

/** The blog alone: the career videos have tests of their own. */
const syncContent = (db: Database["db"], folder: string) => syncAreas(db, folder, [syncBlog]);
const posts = async () =>
  database.db
    .select({ slug: blogPosts.slug, status: blogPosts.status, title: blogPosts.title })
    .from(blogPosts)
    .orderBy(blogPosts.slug);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
  await database.db.delete(blogPosts);
  await database.db.delete(successStories);
  await database.db.delete(caseStudies);
  await database.db.delete(blogAuthors);
  await database.db.delete(blogCategories);
  write("authors/ada-okafor.md", AUTHOR);
  write("categories/career-advice.md", CATEGORY);
});

describe("syncContent with good files", () => {
  it("imports every kind, renders Markdown and counts reading time", async () => {
    write("posts/first-post.md", post("First post"));
    write("posts/a-draft.md", post("A draft", "status: draft\n"));
    write("success-stories/chidi.md", STORY);
    write("case-studies/northbridge.md", STUDY);
    const report = await syncContent(database.db, dir);
    expect(report).toMatchObject({ created: 6, updated: 0, unchanged: 0, unpublished: 0, problems: [] });

    const [first] = await database.db.select().from(blogPosts).where(eq(blogPosts.slug, "first-post"));
    expect(first).toMatchObject({
      title: "First post",
      status: "published",
      publishedOn: "2026-03-14",
      tags: ["cv", "interviews"],
      readingMinutes: 1,
    });
    expect(first!.bodyHtml).toBe(
      '<h2 id="first-section">First section</h2>\n<p>Some <strong>bold</strong> words.</p>\n',
    );
    expect((await posts()).find((p) => p.slug === "a-draft")?.status).toBe("draft");
    const [study] = await database.db.select().from(caseStudies);
    expect(study!.metrics).toEqual([{ label: "Students activated", value: "1240" }]);
    const [story] = await database.db.select().from(successStories);
    expect(story).toMatchObject({ source: "content", status: "approved", slug: "chidi", homeCountry: "Nigeria" });
  });

  it("is idempotent, and updates only what changed", async () => {
    write("posts/first-post.md", post("First post"));
    await syncContent(database.db, dir);
    expect(await syncContent(database.db, dir)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    write("posts/first-post.md", post("First post, revised"));
    expect(await syncContent(database.db, dir)).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect((await posts())[0]!.title).toBe("First post, revised");
  });

  it("finds posts by their words through the search vector", async () => {
    write("posts/first-post.md", post("Competency interviews explained"));
    await syncContent(database.db, dir);
    const rows = await rowsOf<{ slug: string }>(
      database.db,
      sql`select slug from blog_posts where search @@ websearch_to_tsquery('english', 'interview')`,
    );
    expect(rows.map((r) => r.slug)).toEqual(["first-post"]);
  });
});

describe("syncContent with removed files", () => {
  it("unpublishes a removed post and republishes it when the file returns", async () => {
    write("posts/first-post.md", post("First post"));
    write("posts/second-post.md", post("Second post"));
    write("success-stories/chidi.md", STORY);
    await syncContent(database.db, dir);

    fs.rmSync(path.join(dir, "posts/second-post.md"));
    fs.rmSync(path.join(dir, "success-stories/chidi.md"));
    expect(await syncContent(database.db, dir)).toMatchObject({ unpublished: 2, problems: [] });
    expect(await posts()).toEqual([
      { slug: "first-post", status: "published", title: "First post" },
      { slug: "second-post", status: "draft", title: "Second post" },
    ]);
    expect((await database.db.select().from(successStories))[0]!.status).toBe("withdrawn");

    write("posts/second-post.md", post("Second post"));
    expect(await syncContent(database.db, dir)).toMatchObject({ updated: 1, unpublished: 0 });
    expect((await posts())[1]!.status).toBe("published");
  });

  it("makes an author without a file inactive", async () => {
    await syncContent(database.db, dir);
    fs.rmSync(path.join(dir, "authors/ada-okafor.md"));
    await syncContent(database.db, dir);
    expect((await database.db.select().from(blogAuthors))[0]!.active).toBe(false);
  });
});

describe("syncContent with malformed files", () => {
  it("reports the file and line of a missing or wrong field, and imports nothing of that file", async () => {
    write("posts/good.md", post("Good"));
    write("posts/bad-date.md", post("Bad date").replace("published: 2026-03-14", "published: 2026-02-30"));
    write("posts/no-summary.md", post("No summary").replace("summary: A short summary.\n", ""));
    write("posts/unknown-author.md", post("Unknown").replace("author: ada-okafor", "author: nobody"));
    const report = await syncContent(database.db, dir);
    expect(report.problems).toEqual([
      { file: "posts/bad-date.md", line: 7, message: "published: is not a real date" },
      { file: "posts/no-summary.md", line: 1, message: expect.stringMatching(/^summary: /) },
      { file: "posts/unknown-author.md", line: 4, message: "author: no author file authors/nobody.md" },
    ]);
    expect((await posts()).map((p) => p.slug)).toEqual(["good"]);
  });

  it("reports broken YAML, a missing front matter and a bad file name by line", async () => {
    write("posts/broken-yaml.md", "---\ntitle: Fine\nsummary: [unclosed\n---\nbody\n");
    write("posts/no-front-matter.md", "Just text\n");
    write("posts/Bad_Name.md", post("Bad name"));
    const { problems } = await syncContent(database.db, dir);
    expect(problems.map((p) => [p.file, p.line])).toEqual([
      ["posts/Bad_Name.md", 1],
      ["posts/broken-yaml.md", 3],
      ["posts/no-front-matter.md", 1],
    ]);
    expect(await posts()).toEqual([]);
  });

  it("leaves a published post as it was when its file turns malformed, instead of unpublishing it", async () => {
    write("posts/first-post.md", post("First post"));
    await syncContent(database.db, dir);
    write("posts/first-post.md", post("Changed").replace("category: career-advice", "category: Career Advice"));
    const report = await syncContent(database.db, dir);
    expect(report.problems).toHaveLength(1);
    expect(report.unpublished).toBe(0);
    expect(await posts()).toEqual([{ slug: "first-post", status: "published", title: "First post" }]);
    expect(formatReport(report)).toContain("content/posts/first-post.md:5: category: must be a slug");
  });

  it("rejects a cover without alt text and unknown fields", async () => {
    write("posts/cover.md", post("Cover", "cover: /images/blog/cover.svg\n"));
    write("posts/extra.md", post("Extra", "colour: red\n"));
    const { problems } = await syncContent(database.db, dir);
    expect(problems).toEqual([
      { file: "posts/cover.md", line: 1, message: "coverAlt: is required when there is a cover" },
      { file: "posts/extra.md", line: 1, message: expect.stringContaining("colour") },
    ]);
  });
});
