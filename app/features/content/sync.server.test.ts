import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { blogAuthors, blogCategories, blogPosts, contentSync } from "~/db/schema";
import { syncBlog } from "~/features/blog/content-sync.server";
import { syncFaq } from "~/features/help/content-sync.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { syncContent } from "./sync.server";

// A server's start skips the sync when content/ is as the last sync found it (server/services.server.ts).
let database: Database;
let dir: string;

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const post = (title: string) =>
  `---\ntitle: ${title}\nsummary: A short summary.\nauthor: ada-okafor\ncategory: career-advice\npublished: 2026-03-14\n---\nBody.\n`;
const atStart = (areas = [syncBlog]) => syncContent(database.db, dir, areas, { skipUnchanged: true });
const titles = async () =>
  (await database.db.select({ title: blogPosts.title }).from(blogPosts).orderBy(blogPosts.slug)).map((p) => p.title);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
  await database.db.delete(blogPosts);
  await database.db.delete(blogAuthors);
  await database.db.delete(blogCategories);
  await database.db.delete(contentSync);
  write("authors/ada-okafor.md", "---\nname: Ada Okafor\njobTitle: Consultant\nsummary: Helps.\n---\nAda.\n");
  write("categories/career-advice.md", "---\nname: Career advice\ndescription: Advice.\n---\n");
  write("posts/first.md", post("First"));
});

describe("syncContent at a start (skipUnchanged)", () => {
  it("reads and writes nothing when no file changed since the last sync", async () => {
    expect(await syncContent(database.db, dir, [syncBlog])).toMatchObject({ created: 3 });
    // Removed behind the sync's back: a start that read the files would make it again.
    await database.db.delete(blogPosts).where(eq(blogPosts.slug, "first"));
    expect(await atStart()).toEqual({ created: 0, updated: 0, unchanged: 0, unpublished: 0, problems: [] });
    expect(await titles()).toEqual([]);
  });

  it("syncs again when a file is changed, added or removed", async () => {
    await atStart();
    write("posts/first.md", post("First, edited"));
    expect(await atStart()).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    write("posts/second.md", post("Second"));
    expect(await atStart()).toMatchObject({ created: 1, unchanged: 3 });
    fs.rmSync(path.join(dir, "posts/second.md"));
    expect(await atStart()).toMatchObject({ unpublished: 1 });
    expect(await atStart()).toMatchObject({ created: 0, updated: 0, unchanged: 0, unpublished: 0 });
    expect(await titles()).toEqual(["First, edited", "Second"]);
  });

  it("syncs again, and reports again, after a sync that found problems", async () => {
    write("posts/broken.md", "---\ntitle: No summary\n---\nBody.\n");
    const first = await atStart();
    expect(first.problems.map((p) => p.file)).toContain("posts/broken.md");
    expect(first.created).toBe(3);
    expect((await atStart()).problems).toEqual(first.problems);
  });

  it("syncs again when other areas read the same files", async () => {
    await atStart([syncBlog]);
    expect(await atStart([syncBlog, syncFaq])).toMatchObject({ unchanged: 3 });
    expect(await atStart([syncBlog, syncFaq])).toMatchObject({ unchanged: 0 });
  });
});
