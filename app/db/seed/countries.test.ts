import { describe, expect, it } from "vitest";
import { CLASSIC_LAST_ID, COUNTRIES } from "./countries";

const sortKey = (name: string) => name.replace(/^The\s+/i, "");
const compareNames = (a: string, b: string) => sortKey(a).localeCompare(sortKey(b), "en", { sensitivity: "base" });

describe("COUNTRIES seed", () => {
  it.each([
    [14, "AU", "AUS", "Australia"],
    [39, "CA", "CAN", "Canada"],
    [104, "IE", "IRL", "Ireland"],
    [226, "GB", "GBR", "United Kingdom"],
  ])("keeps the fixed id %i for %s/%s (%s)", (id, iso2, iso3, name) => {
    const row = COUNTRIES.find((c) => c.id === id);
    expect(row).toEqual({ id, iso2, iso3, name });
    expect(COUNTRIES.filter((c) => c.iso2 === iso2).map((c) => c.id)).toEqual([id]);
  });

  it("places the United States right after the United Kingdom", () => {
    expect(COUNTRIES.find((c) => c.iso2 === "US")?.id).toBe(227);
  });

  it("numbers ids 1..N consecutively", () => {
    expect(COUNTRIES.length).toBeGreaterThan(200);
    COUNTRIES.forEach((c, i) => expect(c.id).toBe(i + 1));
  });

  it("uses unique, well-formed ISO 3166-1 alpha-2 codes", () => {
    for (const c of COUNTRIES) expect(c.iso2).toMatch(/^[A-Z]{2}$/);
    expect(new Set(COUNTRIES.map((c) => c.iso2)).size).toBe(COUNTRIES.length);
  });

  it("uses unique, well-formed ISO 3166-1 alpha-3 codes", () => {
    for (const c of COUNTRIES) expect(c.iso3).toMatch(/^[A-Z]{3}$/);
    expect(new Set(COUNTRIES.map((c) => c.iso3)).size).toBe(COUNTRIES.length);
  });

  it.each([
    ["GB", "GBR"],
    ["US", "USA"],
    ["AU", "AUS"],
    ["CA", "CAN"],
    ["IE", "IRL"],
    ["DE", "DEU"],
    ["CN", "CHN"],
    ["IN", "IND"],
    ["NG", "NGA"],
    ["ZA", "ZAF"],
    ["SS", "SSD"],
    ["AX", "ALA"],
  ])("maps %s to alpha-3 %s", (iso2, iso3) => {
    expect(COUNTRIES.find((c) => c.iso2 === iso2)?.iso3).toBe(iso3);
  });

  it("starts iso3 with the same letter as iso2, except for the known exceptions", () => {
    // Official codes whose alpha-3 does not share the alpha-2's first letter.
    // Any other mismatch most likely means a row's codes were shifted.
    const exceptions: Record<string, string> = {
      GS: "SGS", // South Georgia and the South Sandwich Islands
      KM: "COM", // Comoros
      KP: "PRK", // Korea, Democratic People's Republic of
      KY: "CYM", // Cayman Islands
      PM: "SPM", // Saint Pierre and Miquelon
      RS: "SRB", // Serbia
      TF: "ATF", // French Southern Territories
      YT: "MYT", // Mayotte
    };
    const mismatched = Object.fromEntries(
      COUNTRIES.filter((c) => c.iso3[0] !== c.iso2[0]).map((c) => [c.iso2, c.iso3]),
    );
    expect(mismatched).toEqual(exceptions);
  });

  it("has unique, non-empty names", () => {
    for (const c of COUNTRIES) expect(c.name.trim()).not.toBe("");
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
  });

  it("covers every ISO 3166-1 code, newer ones appended after the classic block", () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(
      COUNTRIES.filter((c) => c.id > CLASSIC_LAST_ID)
        .map((c) => c.iso2)
        .sort(),
    ).toEqual(["BL", "BQ", "CW", "GG", "IM", "JE", "MF", "SS", "SX"]);
  });

  it("is sorted by name in id order within the classic block", () => {
    const byId = COUNTRIES.filter((c) => c.id <= CLASSIC_LAST_ID)
      .sort((a, b) => a.id - b.id)
      .map((c) => c.name);
    const byName = [...byId].sort(compareNames);
    expect(byId).toEqual(byName);
    for (let i = 1; i < byId.length; i++) {
      expect(compareNames(byId[i - 1] ?? "", byId[i] ?? "")).toBeLessThan(0);
    }
  });
});
