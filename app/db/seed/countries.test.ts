import { describe, expect, it } from "vitest";
import { CLASSIC_LAST_ID, COUNTRIES } from "./countries";

const sortKey = (name: string) => name.replace(/^The\s+/i, "");
const compareNames = (a: string, b: string) =>
  sortKey(a).localeCompare(sortKey(b), "en", { sensitivity: "base" });

describe("COUNTRIES seed", () => {
  it.each([
    [14, "AU", "Australia"],
    [39, "CA", "Canada"],
    [104, "IE", "Ireland"],
    [226, "GB", "United Kingdom"],
  ])("keeps the fixed id %i for %s (%s)", (id, iso2, name) => {
    const row = COUNTRIES.find((c) => c.id === id);
    expect(row).toEqual({ id, iso2, name });
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

  it("has unique, non-empty names", () => {
    for (const c of COUNTRIES) expect(c.name.trim()).not.toBe("");
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
  });

  it("covers every ISO 3166-1 code, newer ones appended after the classic block", () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRIES.filter((c) => c.id > CLASSIC_LAST_ID).map((c) => c.iso2).sort()).toEqual(
      ["BL", "BQ", "CW", "GG", "IM", "JE", "MF", "SS", "SX"],
    );
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
