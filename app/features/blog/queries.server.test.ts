import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { blogCategories, blogPosts } from "~/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { blogSlugType, publishedPostExists } from "./queries.server";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const [cat] = await database.db
    .insert(blogCategories)
    .values({ slug: "career-advice", name: "Career advice" })
    .returning();
  await database.db.insert(blogPosts).values([
    { slug: "first-post", title: "First", categoryId: cat!.id, status: "published" },
    { slug: "draft-post", title: "Draft", categoryId: cat!.id, status: "draft" },
  ]);
});
afterAll(() => database.close());

describe("blog slug checks", () => {
  it("types a published post 1, a category 2 and anything else 0", async () => {
    expect(await blogSlugType(database.db, "first-post")).toBe("1");
    expect(await blogSlugType(database.db, "career-advice")).toBe("2");
    expect(await blogSlugType(database.db, "draft-post")).toBe("0");
    expect(await blogSlugType(database.db, "missing")).toBe("0");
  });

  it("finds only published posts", async () => {
    expect(await publishedPostExists(database.db, "first-post")).toBe(true);
    expect(await publishedPostExists(database.db, "draft-post")).toBe(false);
    expect(await publishedPostExists(database.db, "career-advice")).toBe(false);
  });
});
