import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { countryGuidePages } from "~/db/schema";
import { syncContent } from "~/features/content/sync.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { syncCountryGuides } from "./content-sync.server";
import { GUIDE_COUNTRIES, GUIDE_PAGES } from "./guides";
import { guideIndex, guidePage } from "./queries.server";

let database: Database;
let dir: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const SOURCES = "sources:\n  - title: Graduate visa (GOV.UK)\n    url: https://www.gov.uk/graduate-visa\n";
const guidePageFile = (title: string, extra = SOURCES) =>
  `---\ntitle: ${title}\nsummary: What it says.\nreviewed: 2026-11-25\n${extra}---\n## A heading\n\nSome **words**.\n`;
const sync = (folder = dir) => syncContent(database.db, folder, [syncCountryGuides]);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "guides-"));
  await database.db.delete(countryGuidePages);
});

describe("syncCountryGuides", () => {
  it("takes a guide's pages in the product's order, with their dated rules, and reports malformed files by line", async () => {
    write(
      "country-guides/uk/visa-details.md",
      guidePageFile(
        "Visas",
        `${SOURCES}rules:\n  - rule: A Graduate visa lasts 2 years\n    from: 2021-07-01\n    source: https://www.gov.uk/graduate-visa\n`,
      ),
    );
    write("country-guides/uk/overview.md", guidePageFile("Working in the UK"));
    write("country-guides/uk/cv.md", guidePageFile("CVs"));
    write("country-guides/uk/salaries.md", guidePageFile("Not a section"));
    write("country-guides/ireland/overview.md", guidePageFile("No sources", ""));
    write(
      "country-guides/canada/overview.md",
      guidePageFile(
        "Bad rule",
        `${SOURCES}rules:\n  - rule: Something\n    from: 2024-02-30\n    source: http://example.org\n`,
      ),
    );
    const report = await sync();
    expect(report.problems).toEqual([
      {
        file: "country-guides/uk/salaries.md",
        line: 1,
        message: `a guide has no page named salaries: the pages are ${GUIDE_PAGES.join(", ")}`,
      },
      { file: "country-guides/canada/overview.md", line: 10, message: "rules.0.from: is not a real date" },
      { file: "country-guides/canada/overview.md", line: 11, message: "rules.0.source: must be an https:// address" },
      {
        file: "country-guides/ireland/overview.md",
        line: 1,
        message: "sources: must list the official pages the page relies on",
      },
    ]);
    const found = await guidePage(database.db, "uk", "cv");
    expect(found.pages.map((p) => p.page)).toEqual(["overview", "cv", "visa-details"]);
    expect(found.previous?.page).toBe("overview");
    expect(found.next?.page).toBe("visa-details");
    expect(found.current.bodyHtml).toContain("<strong>words</strong>");
    const visas = await guidePage(database.db, "uk", "visa-details");
    expect(visas.current.rules).toEqual([
      { rule: "A Graduate visa lasts 2 years", from: "2021-07-01", source: "https://www.gov.uk/graduate-visa" },
    ]);
    expect((await guideIndex(database.db)).map((g) => [g.country, g.sections])).toEqual([["uk", 2]]);

    // Unknown countries and pages, and a removed file's page, answer 404.
    await expect(guidePage(database.db, "france", "overview")).rejects.toMatchObject({ init: { status: 404 } });
    await expect(guidePage(database.db, "uk", "job-market")).rejects.toMatchObject({ init: { status: 404 } });
    fs.rmSync(path.join(dir, "country-guides/uk/cv.md"));
    expect(await sync()).toMatchObject({ unpublished: 1, unchanged: 2 });
    await expect(guidePage(database.db, "uk", "cv")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("synchronises the shipped guides without a problem: every country, every page, each with an official source", async () => {
    const report = await sync(path.join(import.meta.dirname, "../../../content"));
    expect(report.problems).toEqual([]);
    const rows = await database.db.select().from(countryGuidePages);
    for (const country of Object.keys(GUIDE_COUNTRIES)) {
      expect(
        rows
          .filter((r) => r.country === country)
          .map((r) => r.page)
          .sort(),
        country,
      ).toEqual([...GUIDE_PAGES].sort());
    }
    for (const row of rows) {
      expect(row.sources.length, row.slug).toBeGreaterThan(0);
      expect(row.readingMinutes, row.slug).toBeGreaterThanOrEqual(2);
    }
  });
});
