import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CsvError } from "~/lib/csv-reader";
import { readRegister } from "./import.server";
import { openRegisterSource } from "./source.server";
import { checkHeader, parseRow, parseTypeAndRating, ratingKeys } from "./register";

// Shipped with the project: the 2021 register (demo data) and a sample of the current format.
const DATA = path.resolve(import.meta.dirname, "../../../seed-data/uk-sponsor-register");
const SAMPLE = path.join(DATA, "format-sample-2026-06-26.csv");
const row = (...fields: string[]) => parseRow({ line: 7, fields });

describe("a register line", () => {
  it("reads type and rating, with premium, SME+ and provisional ratings", () => {
    expect(parseTypeAndRating("Worker (A rating)")).toEqual({ type: "Worker", rating: "A" });
    expect(parseTypeAndRating("Temporary Worker (A (SME+))")).toEqual({ type: "Temporary Worker", rating: "A (SME+)" });
    expect(parseTypeAndRating("Worker (UK Expansion Worker: Provisional )")).toEqual({
      type: "Worker",
      rating: "UK Expansion Worker: Provisional",
    });
    expect(parseTypeAndRating("Worker A rating")).toBeNull();
    // Every rating the 2021 register and the 2026 sample use, and the B rating of later registers.
    expect(parseTypeAndRating("Worker (B rating)")).toEqual({ type: "Worker", rating: "B" });
    expect(parseTypeAndRating("Temporary Worker (A (Premium))")).toEqual({
      type: "Temporary Worker",
      rating: "A (Premium)",
    });
    expect(parseTypeAndRating("Worker (Probationary Sponsor)")).toEqual({
      type: "Worker",
      rating: "Probationary Sponsor",
    });
    expect(ratingKeys("A (Premium)")).toEqual(["a", "premium"]);
    expect(ratingKeys("A (SME+)")).toEqual(["a", "sme-plus"]);
    expect(ratingKeys("B")).toEqual(["b"]);
    expect(ratingKeys("Probationary Sponsor")).toEqual(["provisional"]);
  });

  it("cleans stray spaces and commas, and ignores trailing commas", () => {
    expect(
      row(
        " Mrs Prashanthy Shathyakaran T/A Manor News ",
        "Bexhill, ",
        "East Sussex ",
        "Worker (A rating)",
        "Skilled Worker",
        "",
        "",
      ),
    ).toEqual({
      line: 7,
      name: "Mrs Prashanthy Shathyakaran T/A Manor News",
      town: "Bexhill",
      county: "East Sussex",
      licence: { route: "Skilled Worker", type: "Worker", rating: "A" },
    });
  });

  it.each([
    [["A Ltd", "London", "", "Worker (A rating)"], "line 7: expected 5 fields, found 4"],
    [["A Ltd", "London", "", "Worker (A rating)", "Skilled Worker", "extra"], "line 7: expected 5 fields, found 6"],
    [["  ", "London", "", "Worker (A rating)", "Skilled Worker"], "line 7: the organisation name is empty"],
    [
      ["A Ltd", "London", "", "A rating", "Skilled Worker"],
      'line 7: "Type & Rating" should look like "Worker (A rating)", found "A rating"',
    ],
    [["A Ltd", "London", "", "Worker (A rating)", " "], "line 7: the route is empty"],
    [
      ["A Ltd", "London", "", "Worker (Z rating)", "Skilled Worker"],
      'line 7: "Type & Rating" has the rating "Z", not one the register uses',
    ],
    [
      ["A Ltd", "London", "", "Worker (A (Gold))", "Skilled Worker"],
      'line 7: "Type & Rating" has the rating "A (Gold)", not one the register uses',
    ],
    [
      ["A Ltd", "London", "", "Employer (A rating)", "Skilled Worker"],
      'line 7: "Type & Rating" has the licence type "Employer", not Worker or Temporary Worker',
    ],
    [
      ["A\u0000 Ltd", "London", "", "Worker (A rating)", "Skilled Worker"],
      "line 7: the organisation name holds a control character (U+0000)",
    ],
    [
      ["A Ltd", "London", "Kent\u001b", "Worker (A rating)", "Skilled Worker"],
      "line 7: the county holds a control character (U+001B)",
    ],
  ])("refuses %j", (fields, message) => {
    expect(() => row(...fields)).toThrow(message);
  });

  it("holds a route spelt two ways once, in the register's spelling", async () => {
    const file = [
      "Organisation Name,Town/City,County,Type & Rating,Route",
      "Acme Ltd,Leeds,,Worker (A rating),Skilled worker",
      "Acme Ltd,Leeds,,Worker (A rating),Skilled Worker",
      "Acme Ltd,Leeds,,Worker (A rating),Intra Company Transfers (ICT)",
      "Acme Ltd,Leeds,,Worker (A rating),Intra-company Routes",
    ].join("\n");
    const [acme] = (await readRegister(Readable.from([file]))).organisations;
    expect(acme!.licences).toEqual([
      { route: "Intra-company Routes", type: "Worker", rating: "A" },
      { route: "Skilled Worker", type: "Worker", rating: "A" },
    ]);
    expect(acme!.routes).toEqual(["Intra-company Routes", "Skilled Worker"]);
  });

  it("accepts the header quoted or not, with stray spaces, and refuses another", () => {
    expect(() =>
      checkHeader({ line: 1, fields: ["Organisation Name", "Town/City", "County", "Type & Rating", "Route"] }),
    ).not.toThrow();
    expect(() =>
      checkHeader({ line: 1, fields: [" organisation name", "Town/City ", "County", "Type & Rating", "Route", ""] }),
    ).not.toThrow();
    expect(() => checkHeader({ line: 1, fields: ["Name", "Town", "County", "Rating", "Route"] })).toThrow(CsvError);
    expect(() => checkHeader(undefined)).toThrow("line 1: the file is empty");
  });
});

describe("the 2026 format sample, every oddity of it", async () => {
  const { rows, organisations } = await readRegister(fs.createReadStream(SAMPLE));
  const bySlug = new Map(organisations.map((o) => [o.slug, o]));
  const named = (name: string) => organisations.find((o) => o.name === name);

  it("reads every line after the header", () => {
    // 218 lines in the file, one of them the header.
    expect(rows).toBe(217);
  });

  it("trims names and towns, and drops the commas stuck to a town or county", () => {
    expect(named("Asian African Foods Ltd")?.town).toBe("London");
    expect(named("MARGARET ROAD STORES LTD")?.town).toBe("HAMILTON");
    expect(named("ROSINANTE PROPERTY HOLDINGS LIMITED")?.town).toBe("Ilford");
    expect(named("PIZZA HACK LIMITED")?.county).toBe("England");
    expect(named("COST CUTTER RUGBY LIMITED")?.county).toBe("WARWICKSHIRE");
  });

  it("undoes doubled quotes and groups an organisation's routes", () => {
    const k = named('"K" Line Energy Shipping (UK) Limited')!;
    expect(k.routes).toEqual(["Global Business Mobility: Senior or Specialist Worker", "Skilled Worker"]);
    expect(k.slug).toBe("k-line-energy-shipping-uk-limited");
  });

  it("keeps a quoted name with a comma whole, and makes its trading name an alias", () => {
    const o = named("PINAL DAYA, T/A LONDIS")!;
    expect(o.names.map((n) => [n.isAlias, n.core])).toEqual([
      [false, "pinal daya"],
      [true, "londis"],
    ]);
  });

  it("keeps names whose characters were lost before publication, and reads the provisional rating", () => {
    expect(named("???£ ESS LTD")?.names[0]?.core).toBe("ess");
    const rainbow = named("RAINBOW POLYCARBONATE INDUSTRY TRADE LTD")!;
    expect(rainbow.licences).toEqual([
      {
        route: "Global Business Mobility: UK Expansion Worker",
        type: "Worker",
        rating: "UK Expansion Worker: Provisional",
      },
    ]);
    expect(rainbow.ratingKeys).toEqual(["provisional"]);
  });

  it("keeps a comma inside a quoted town, and reads a county after an unquoted comma", () => {
    expect(named("MASS COMPLETE PROPERTY SOLUTIONS LTD")?.town).toBe("Hertfordshire, United Kingdom");
    expect(named("S S Haulage (Derby) Limited")).toMatchObject({ town: "Littleover", county: "Derby" });
  });

  it("searches names behind stray quotes, backticks and brackets by their words", () => {
    const singapore = named("'Enterprise Singapore Board'")!;
    expect(singapore.names[0]?.core).toBe("enterprise singapore board");
    expect(singapore.licences).toEqual([
      { route: "Global Business Mobility: Senior or Specialist Worker", type: "Worker", rating: "A" },
      { route: "International Agreement", type: "Temporary Worker", rating: "A" },
    ]);
    expect(named("`Brunswick Stores Limited")?.names[0]?.core).toBe("brunswick stores");
    expect(named("(IECC Care) Independent Excel Care Consortium Limited")?.names[0]?.core).toBe(
      "iecc care independent excel care consortium",
    );
  });

  it("gives each organisation a unique slug", () => {
    expect(bySlug.size).toBe(organisations.length);
  });
});

describe("the 2021 register", () => {
  it("reads all 48,684 rows in the quoted format, accents intact", async () => {
    const { rows, organisations } = await readRegister(
      await openRegisterSource(path.join(DATA, "register-2021-11-02.csv.gz")),
    );
    expect(rows).toBe(48_684);
    const tesco = organisations.find((o) => o.name === "Tesco Stores Limited")!;
    // The register lists Tesco Stores' two routes twice each.
    expect(tesco.licences).toEqual([
      { route: "Intra-company Routes", type: "Worker", rating: "A (Premium)" },
      { route: "Skilled Worker", type: "Worker", rating: "A (Premium)" },
    ]);
    expect(organisations.some((o) => o.name === "GÉANT Association")).toBe(true);
    // Listed under "Intra-company Routes" and under its old name "Intra Company Transfers (ICT)".
    expect(organisations.find((o) => o.name === "Specsavers UK Ltd")!.routes).toEqual([
      "Intra-company Routes",
      "Skilled Worker",
    ]);
    const routes = [...new Set(organisations.flatMap((o) => o.routes))];
    const spellings = new Set(routes.map((r) => r.toLowerCase().replace(/[^a-z]+/g, "")));
    expect(spellings.size).toBe(routes.length);
  });
});
