import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { syncContent } from "~/features/content/sync.server";
import { syncCountryGuides } from "~/features/country-guides/content-sync.server";
import { createUniversity } from "../../../tests/support/factories";
import { createTestDatabase } from "../../../tests/support/test-db";
import { partnerUniversities, visaHighlights } from "./queries.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("visaHighlights", () => {
  it("is empty before the guides are synchronised", async () => {
    expect(await visaHighlights(database.db)).toEqual({});
  });

  it("gives each shipped guide's main dated rules with its official pages, as the home pages pick them", async () => {
    expect(
      (await syncContent(database.db, path.join(import.meta.dirname, "../../../content"), [syncCountryGuides]))
        .problems,
    ).toEqual([]);
    const highlights = await visaHighlights(database.db);
    expect(Object.keys(highlights).sort()).toEqual(["australia", "canada", "ireland", "uk"]);
    for (const [country, h] of Object.entries(highlights)) {
      expect(h.rules.length, country).toBeGreaterThanOrEqual(2);
      expect(h.rules.length, country).toBeLessThanOrEqual(4);
      for (const rule of h.rules) {
        expect(rule.from, country).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(rule.source, country).toMatch(/^https:\/\//);
      }
      expect(h.reviewedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(highlights.uk!.rules[0]!.rule).toMatch(/^A Graduate visa lasts/);
  });
});

describe("partnerUniversities", () => {
  it("lists every university by name, with its logo and microsite when it has them", async () => {
    await createUniversity(database.db, { name: "Zeta University", slug: "zeta", logoUrl: null, micrositeHost: null });
    await createUniversity(database.db, {
      name: "Alpha University",
      slug: "alpha",
      logoUrl: "/brand/alpha.svg",
      micrositeHost: "alpha.localhost",
    });
    const names = (await partnerUniversities(database.db)).map((u) => u.name);
    expect(names.indexOf("Alpha University")).toBeLessThan(names.indexOf("Zeta University"));
    expect((await partnerUniversities(database.db)).find((u) => u.name === "Alpha University")).toMatchObject({
      logoUrl: "/brand/alpha.svg",
      micrositeHost: "alpha.localhost",
    });
  });
});
