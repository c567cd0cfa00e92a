import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { importRegister } from "./import.server";
import { type SearchFilters, searchSponsors } from "./search.server";

const REGISTER = `Organisation Name,Town/City,County,Type & Rating,Route
Tesco Stores Limited,Welwyn Garden City,Herts,Worker (A (Premium)),Skilled Worker
Tesco Stores Limited,Welwyn Garden City,Herts,Worker (A (Premium)),Intra-company Routes
Tesco Personal Finance plc,Edinburgh,,Worker (A rating),Skilled Worker
Acme Widgets Limited,London,,Worker (A rating),Skilled Worker
Acme Widgits Ltd,Leeds,,Worker (A rating),Skilled Worker
BRANOS OXFORD LTD T/A LILO,Oxford,,Worker (A rating),Skilled Worker
Northern Care Ltd,Leeds,,Worker (A rating),Skilled Worker
Northern Care Limited,York,,Worker (B rating),Skilled Worker
Deloitte LLP,London,,Worker (A (Premium)),Skilled Worker
Oxford University Hospitals NHS Foundation Trust,Oxford,Oxfordshire,Worker (A rating),Skilled Worker
ABC Ltd,Bath,,Worker (A rating),Skilled Worker
Café Rouge Ltd,London,,Temporary Worker (A (SME+)),Creative Worker
J Sainsbury Plc,London,,Worker (A (Premium)),Skilled Worker
The Sainsbury Laboratory,Norwich,Norfolk,Worker (A rating),Skilled Worker
The Sainsbury Laboratory,Norwich,Norfolk,Temporary Worker (A rating),Government Authorised Exchange
PricewaterhouseCoopers LLP,London,,Worker (A rating),Skilled Worker
Ernst & Young,London,,Worker (A rating),Skilled Worker
EY Seren Limited,London,,Worker (A rating),Skilled Worker
Google (UK) Limited,London,,Worker (A (Premium)),Skilled Worker
WM Morrison Supermarkets PLC,Bradford,West Yorkshire,Worker (A rating),Skilled Worker
`;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await importRegister(
    database.db,
    (async function* () {
      yield REGISTER;
    })(),
    { registerDate: "2026-06-25", source: "fixture" },
  );
});
afterAll(() => database?.close());

const search = async (q: string, filters: SearchFilters = {}, page = { limit: 20, offset: 0 }) => {
  const answer = await searchSponsors(database.db, q, filters, page);
  return { ...answer, found: answer.results.map((r) => `${r.name} | ${r.match}`) };
};

describe("ranking", () => {
  it("puts the exact name first and the misspelt neighbour after it", async () => {
    const { found, ambiguous } = await search("Acme Widgets Limited");
    expect(found).toEqual(["Acme Widgets Limited | exact", "Acme Widgits Ltd | fuzzy"]);
    expect(ambiguous).toBe(false);
  });

  it("treats Ltd and Limited, case and punctuation as the same name", async () => {
    expect((await search("tesco stores ltd")).found[0]).toBe("Tesco Stores Limited | exact");
    expect((await search("TESCO STORES LIMITED.")).found[0]).toBe("Tesco Stores Limited | exact");
    expect((await search("Deloitte")).found).toEqual(["Deloitte LLP | core"]);
    expect((await search("cafe rouge")).found).toEqual(["Café Rouge Ltd | core"]);
  });

  it("finds an employer by its trading name", async () => {
    expect((await search("Lilo")).found).toEqual(["BRANOS OXFORD LTD T/A LILO | alias"]);
  });

  it("ranks the prefix before all-words matches, the closest whole name first", async () => {
    // "Tesco Stores" has less besides "tesco" than "Tesco Personal Finance".
    expect((await search("Tesco")).found).toEqual([
      "Tesco Stores Limited | prefix",
      "Tesco Personal Finance plc | prefix",
    ]);
    expect((await search("stores tesco")).found).toEqual(["Tesco Stores Limited | words"]);
  });

  it("reads a name after leading initials as starting with the query, as after 'The'", async () => {
    // J Sainsbury was only an all-words match, below the laboratory, whose "The" is dropped.
    expect((await search("sainsbury")).found).toEqual([
      "J Sainsbury Plc | prefix",
      "The Sainsbury Laboratory | prefix",
    ]);
  });

  it("finds an employer by a known short name or spelling, before names that merely start with it", async () => {
    expect((await search("PwC")).found).toEqual(["PricewaterhouseCoopers LLP | known"]);
    expect((await search("ey")).found).toEqual(["Ernst & Young | known", "EY Seren Limited | prefix"]);
    expect((await search("delloite")).found).toEqual(["Deloitte LLP | known"]);
    expect((await search("Sainsbury's")).found).toEqual([
      "J Sainsbury Plc | known",
      "The Sainsbury Laboratory | fuzzy",
    ]);
  });

  it("finds a one-word name spelt with a doubled letter moved, added or dropped, even a short one", async () => {
    // Trigram similarity 0.63: too far for a five-letter name, which needs 0.8.
    expect((await search("gogle")).found).toEqual(["Google (UK) Limited | fuzzy"]);
    // 0.5: too far at any length.
    expect((await search("Moriison")).found).toEqual(["WM Morrison Supermarkets PLC | fuzzy"]);
  });

  it("finds a misspelt longer name by trigram similarity", async () => {
    expect((await search("oxford univercity hospitals")).found).toEqual([
      "Oxford University Hospitals NHS Foundation Trust | fuzzy",
    ]);
    expect((await search("Tescco")).found).toEqual([
      "Tesco Stores Limited | fuzzy",
      "Tesco Personal Finance plc | fuzzy",
    ]);
  });

  it("asks short names for closer matches", async () => {
    // Three characters: no fuzzy matching at all. Five: only very close spellings.
    expect((await search("abd")).found).toEqual([]);
    expect((await search("abc")).found).toEqual(["ABC Ltd | core"]);
    expect((await search("Tesko")).found).toEqual([]);
  });

  it("says when several legal entities match equally, rather than guess", async () => {
    const answer = await search("Northern Care");
    expect(answer.found).toEqual(["Northern Care Limited | core", "Northern Care Ltd | core"]);
    expect(answer.ambiguous).toBe(true);
    expect((await search("Northern Care", { town: "leeds" })).ambiguous).toBe(false);
  });

  it("finds nothing for a name not on the register", async () => {
    expect(await searchSponsors(database.db, "Zebra Quantum Holdings", {}, { limit: 20, offset: 0 })).toEqual({
      results: [],
      total: 0,
      ambiguous: false,
    });
  });
});

describe("filters and pages", () => {
  it("filters by route, rating and town or county", async () => {
    expect((await search("tesco", { route: "Intra-company Routes" })).found).toEqual(["Tesco Stores Limited | prefix"]);
    expect((await search("tesco", { rating: "premium" })).found).toEqual(["Tesco Stores Limited | prefix"]);
    expect((await search("northern care", { rating: "b" })).found).toEqual(["Northern Care Limited | core"]);
    expect((await search("tesco", { town: "HERTS" })).found).toEqual(["Tesco Stores Limited | prefix"]);
    expect((await search("tesco", { town: "Edinburgh" })).found).toEqual(["Tesco Personal Finance plc | prefix"]);
    expect((await search("cafe rouge", { rating: "sme-plus", route: "Creative Worker" })).found).toEqual([
      "Café Rouge Ltd | core",
    ]);
    expect((await search("tesco", { route: "Creative Worker" })).total).toBe(0);
  });

  it("pages through the results and counts them all", async () => {
    const second = await search("tesco", {}, { limit: 1, offset: 1 });
    expect(second.found).toEqual(["Tesco Personal Finance plc | prefix"]);
    expect(second.total).toBe(2);
  });

  it("answers every route and rating of an organisation", async () => {
    const [tesco] = (await search("tesco stores")).results;
    expect(tesco).toMatchObject({ slug: "tesco-stores-limited", town: "Welwyn Garden City", county: "Herts" });
    expect(tesco!.licences).toEqual([
      { route: "Intra-company Routes", type: "Worker", rating: "A (Premium)" },
      { route: "Skilled Worker", type: "Worker", rating: "A (Premium)" },
    ]);
  });
});
