import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { jumpstartArticles } from "~/db/schema";
import { ARTICLE_LISTS } from "~/db/schema/jumpstart";
import { syncContent } from "~/features/content/sync.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { syncJumpstart } from "./content-sync.server";

let database: Database;
let dir: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const article = (title: string, extra = "") =>
  `---\ntitle: ${title}\nsummary: What it says.\npublished: 2026-11-25\n${extra}---\n## A heading\n\nSome **words**.\n`;
const sync = (folder = dir) => syncContent(database.db, folder, [syncJumpstart]);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "jumpstart-"));
  await database.db.delete(jumpstartArticles);
});

describe("syncJumpstart", () => {
  it("takes each list's articles in their order, refuses a slug used twice, and makes a removed file a draft", async () => {
    write("jumpstart/resources/bank-account.md", article("Open a bank account", "order: 2\n"));
    write("jumpstart/resources/documents.md", article("Documents to bring", "order: 1\n"));
    write("jumpstart/reading-list/documents.md", article("A second documents"));
    write("jumpstart/reading-list/bad.md", article("Bad", "colour: red\n"));
    const report = await sync();
    expect(report.problems).toEqual([
      { file: "jumpstart/reading-list/bad.md", line: 1, message: "unknown field colour" },
      {
        file: "jumpstart/reading-list/documents.md",
        line: 1,
        message: "another list has an article named documents: file names are unique across content/jumpstart",
      },
    ]);
    const rows = await database.db.select().from(jumpstartArticles).orderBy(jumpstartArticles.position);
    expect(rows.map((r) => [r.list, r.slug, r.position])).toEqual([
      ["resources", "documents", 1],
      ["resources", "bank-account", 2],
    ]);
    expect(rows[0]!.bodyHtml).toContain("<strong>words</strong>");

    fs.rmSync(path.join(dir, "jumpstart/resources/bank-account.md"));
    expect(await sync()).toMatchObject({ unpublished: 1 });
  });

  it("synchronises the shipped articles without a problem, at least six in each list", async () => {
    const report = await sync(path.join(import.meta.dirname, "../../../content"));
    expect(report.problems).toEqual([]);
    const rows = await database.db.select({ list: jumpstartArticles.list }).from(jumpstartArticles);
    for (const list of ARTICLE_LISTS)
      expect(rows.filter((r) => r.list === list).length, list).toBeGreaterThanOrEqual(6);
  });
});
