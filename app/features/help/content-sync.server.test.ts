import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { siteEntries } from "~/db/schema";
import { syncContent } from "~/features/content/sync.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { syncCareers, syncFaq } from "./content-sync.server";
import { FAQ_CATEGORIES } from "./help-values";
import { currentRoles, faqItems } from "./queries.server";

let database: Database;
let dir: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const question = (q: string, extra = "", body = "An answer with a [link](/jobs) & more.\n") =>
  `---\nquestion: ${q}\ncategory: students\nreviewed: 2026-11-25\n${extra}---\n${body}`;
const role = (title: string, extra = "", body = "About the role.\n\n## What you will do\n\n- Things.\n") =>
  `---\ntitle: ${title}\nteam: Engineering\nlocation: London or remote (UK)\ntype: full-time\npublished: 2026-11-01\n${extra}---\n${body}`;
const sync = (folder = dir) => syncContent(database.db, folder, [syncFaq, syncCareers]);
const rows = () => database.db.select().from(siteEntries).orderBy(siteEntries.slug);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "help-content-"));
  await database.db.delete(siteEntries);
});

describe("the FAQ's content", () => {
  it("takes each question with its category, order and date, the answer rendered and as words", async () => {
    write("faq/first.md", question("How do I start?", "order: 2\n"));
    write("faq/second.md", question("Where are the jobs?", "order: 1\n"));
    const report = await sync();
    expect(report).toMatchObject({ created: 2, updated: 0, unchanged: 0, unpublished: 0, problems: [] });
    const [first] = await database.db.select().from(siteEntries).where(eq(siteEntries.slug, "faq/first"));
    expect(first).toMatchObject({
      area: "faq",
      title: "How do I start?",
      position: 2,
      status: "published",
      fields: { category: "students", reviewed: "2026-11-25" },
    });
    expect(first!.bodyHtml).toContain('<a href="/jobs">link</a>');
    // The words as typed, not as the sanitiser escapes them: "&" is searched for as "&".
    expect(first!.bodyText).toBe("An answer with a link & more.");
    expect((await faqItems(database.db)).map((i) => i.slug)).toEqual(["second", "first"]);
    expect(await sync()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it("reports a malformed file by file and line, and leaves its entry as it was", async () => {
    write("faq/kept.md", question("Kept as it was?"));
    await sync();
    write("faq/kept.md", question("Kept as it was?", "category: nowhere\n").replace("category: students\n", ""));
    write("faq/colour.md", question("Colour?", "colour: red\n"));
    write("faq/no-date.md", question("No date?").replace("reviewed: 2026-11-25\n", ""));
    write("faq/heading.md", question("With a heading?", "", "Intro.\n\n## A heading\n\nMore.\n"));
    write("faq/empty.md", question("Empty?", "", "\n"));
    write("faq/bad-yaml.md", "---\nquestion: [unclosed\ncategory: students\n---\nAnswer.\n");
    write("faq/Not_A_Slug.md", question("Bad name?"));
    write("faq/long.md", question("x".repeat(201)));
    const report = await sync();
    expect(report.problems).toEqual([
      {
        file: "faq/Not_A_Slug.md",
        line: 1,
        message: "the file name must be a slug: lower-case letters, digits and single hyphens, then .md",
      },
      { file: "faq/bad-yaml.md", line: expect.any(Number), message: expect.any(String) },
      { file: "faq/colour.md", line: 1, message: "unknown field colour" },
      { file: "faq/kept.md", line: 4, message: `category: must be one of ${FAQ_CATEGORIES.join(", ")}` },
      { file: "faq/long.md", line: 2, message: "question: must be at most 200 characters" },
      { file: "faq/no-date.md", line: 1, message: expect.stringMatching(/^reviewed: /) },
      { file: "faq/empty.md", line: 6, message: "the answer is empty: write it below the front matter" },
      { file: "faq/heading.md", line: 8, message: "an answer has no headings: use paragraphs and lists" },
    ]);
    expect(report.problems[1]!.line).toBeGreaterThanOrEqual(2);
    const all = await rows();
    expect(all.map((r) => [r.slug, r.fields.category, r.status])).toEqual([["faq/kept", "students", "published"]]);
  });

  it("unpublishes a question whose file is gone, and brings it back with its file", async () => {
    write("faq/stays.md", question("Stays?"));
    write("faq/goes.md", question("Goes?"));
    write("careers/a-role.md", role("A role"));
    await sync();
    fs.rmSync(path.join(dir, "faq/goes.md"));
    expect(await sync()).toMatchObject({ unpublished: 1, problems: [] });
    expect((await rows()).map((r) => [r.slug, r.status])).toEqual([
      ["careers/a-role", "published"],
      ["faq/goes", "draft"],
      ["faq/stays", "published"],
    ]);
    expect((await faqItems(database.db)).map((i) => i.slug)).toEqual(["stays"]);
    write("faq/goes.md", question("Goes?"));
    expect(await sync()).toMatchObject({ updated: 1, unpublished: 0 });
    // An empty folder unpublishes its own area only.
    fs.rmSync(path.join(dir, "faq"), { recursive: true });
    expect(await sync()).toMatchObject({ unpublished: 2 });
    expect((await rows()).filter((r) => r.status === "published").map((r) => r.slug)).toEqual(["careers/a-role"]);
  });
});

describe("the open roles' content", () => {
  it("takes a role with its team, location, type and dates, its headings under the role's title", async () => {
    write("careers/engineer.md", role("Engineer", "closes: 2026-12-12\n"));
    write("careers/open-ended.md", role("Open-ended"));
    expect((await sync()).problems).toEqual([]);
    const [engineer] = await database.db.select().from(siteEntries).where(eq(siteEntries.slug, "careers/engineer"));
    expect(engineer!.fields).toEqual({
      team: "Engineering",
      location: "London or remote (UK)",
      type: "full-time",
      published: "2026-11-01",
      closes: "2026-12-12",
    });
    // One level down, and anchored under the role's own anchor: every role has a "What you will do".
    expect(engineer!.bodyHtml).toContain('<h3 id="role-engineer-what-you-will-do">What you will do</h3>');
    expect(engineer!.bodyHtml).not.toContain("<h2");
    const [openEnded] = await database.db.select().from(siteEntries).where(eq(siteEntries.slug, "careers/open-ended"));
    expect(openEnded!.fields).not.toHaveProperty("closes");
  });

  it("reports a bad type, a closing date before publication and an empty role", async () => {
    write("careers/bad-type.md", role("Bad type").replace("type: full-time", "type: permanent"));
    write("careers/early.md", role("Early", "closes: 2026-10-01\n"));
    write("careers/empty.md", role("Empty", "", ""));
    expect((await sync()).problems).toEqual([
      { file: "careers/bad-type.md", line: 5, message: "type: must be one of full-time, part-time, contract" },
      { file: "careers/early.md", line: 7, message: "closes: must not be before the published date" },
      { file: "careers/empty.md", line: 8, message: "the body is empty: write it below the front matter" },
    ]);
    expect(await rows()).toEqual([]);
  });

  it("lists the roles open on the UK day, through their closing day, newest first, drafts left out", async () => {
    write(
      "careers/closes-today.md",
      role("Closes today", "closes: 2026-12-12\n").replace("published: 2026-11-01", "published: 2026-11-20"),
    );
    write("careers/closed.md", role("Closed yesterday", "closes: 2026-12-11\n"));
    write("careers/no-end.md", role("No closing date"));
    write("careers/draft.md", role("A draft", "status: draft\n"));
    await sync();
    expect((await currentRoles(database.db, "2026-12-12")).map((r) => [r.slug, r.closes])).toEqual([
      ["closes-today", "2026-12-12"],
      ["no-end", null],
    ]);
    expect((await currentRoles(database.db, "2026-12-13")).map((r) => r.slug)).toEqual(["no-end"]);
    expect((await currentRoles(database.db, "2026-12-11")).map((r) => r.slug)).toEqual([
      "closes-today",
      "closed",
      "no-end",
    ]);
  });
});

describe("the shipped files", () => {
  it("synchronise without a problem: 20 to 30 questions in every category, and open roles", async () => {
    const report = await sync(path.join(import.meta.dirname, "../../../content"));
    expect(report.problems).toEqual([]);
    const items = await faqItems(database.db);
    expect(items.length).toBeGreaterThanOrEqual(20);
    expect(items.length).toBeLessThanOrEqual(30);
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(FAQ_CATEGORIES));
    // Every answer that names a visa links the official page it relies on.
    for (const item of items.filter((i) => i.category === "visas"))
      expect(item.answerHtml, item.slug).toMatch(
        /href="https:\/\/(www\.gov\.uk|immi\.homeaffairs\.gov\.au|www\.canada\.ca|www\.irishimmigration\.ie)\//,
      );
    const roles = await database.db.select().from(siteEntries).where(eq(siteEntries.area, "careers"));
    expect(roles.length).toBeGreaterThanOrEqual(2);
    expect(roles.length).toBeLessThanOrEqual(3);
  });
});
