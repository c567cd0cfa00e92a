import { getExampleNumber } from "libphonenumber-js/core";
import examples from "libphonenumber-js/examples.mobile.json";
import metadata from "libphonenumber-js/metadata.max.json";
import { describe, expect, it } from "vitest";
import { buildCountries } from "./countries";
import { parsePhone } from "./parse";

const countries = buildCountries();
const byIso = new Map(countries.map((c) => [c.iso2, c]));

describe("buildCountries", () => {
  it("lists every region once, named in English and sorted by name", () => {
    expect(countries).toHaveLength(245);
    expect(new Set(countries.map((c) => c.iso2)).size).toBe(245);
    expect(byIso.get("GB")).toMatchObject({ name: "United Kingdom", dialCode: "44", priority: 0 });
    expect(byIso.get("DE")?.name).toBe("Germany");
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("names countries in another language when asked", () => {
    expect(buildCountries("fr").find((c) => c.iso2 === "DE")?.name).toBe("Allemagne");
  });

  it("ranks the main country of a shared dial code first", () => {
    for (const [code, main] of [
      ["1", "US"],
      ["44", "GB"],
      ["7", "RU"],
      ["61", "AU"],
      ["47", "NO"],
    ] as const) {
      const sharing = countries.filter((c) => c.dialCode === code);
      expect(sharing.length).toBeGreaterThan(1);
      expect(sharing.find((c) => c.priority === 0)?.iso2).toBe(main);
      expect(new Set(sharing.map((c) => c.priority)).size).toBe(sharing.length);
    }
  });

  it("gives area codes where they pick the country within a shared dial code", () => {
    expect(byIso.get("AG")?.areaCodes).toEqual(["268"]);
    expect(byIso.get("JM")?.areaCodes).toEqual(["658", "876"]);
    expect(byIso.get("KZ")?.areaCodes).toEqual(["7"]);
    expect(byIso.get("FR")?.areaCodes).toBeNull();
  });

  it("gives every +1 country but the US, Canada and the Dominican Republic its complete area codes", () => {
    const nanp = countries.filter((c) => c.dialCode === "1");
    expect(
      nanp
        .filter((c) => !c.areaCodes)
        .map((c) => c.iso2)
        .sort(),
    ).toEqual(["CA", "DO", "US"]);
    expect(byIso.get("AX")?.areaCodes).toEqual(["18"]); // Åland's landlines; its mobiles share Finland's ranges
  });

  it("agrees with the metadata's examples: each +1 example number starts with one of its area codes", () => {
    const withCodes = countries.filter((c) => c.dialCode === "1" && c.areaCodes);
    expect(withCodes.length).toBe(22);
    for (const c of withCodes) {
      const n = getExampleNumber(c.iso2, examples, metadata)!;
      expect(
        c.areaCodes!.some((code) => n.nationalNumber.startsWith(code)),
        c.iso2,
      ).toBe(true);
      expect(parsePhone(n.formatInternational()).result.country).toBe(c.iso2);
    }
  });
});
