import { describe, expect, it } from "vitest";
import { countryCode, firstUkPlace, placeFromText } from "./places";

describe("countryCode", () => {
  it.each([
    ["United Kingdom", "GB"],
    ["UK", "GB"],
    ["gb", "GB"],
    ["Scotland", "GB"],
    ["Germany", "DE"],
    ["Deutschland", "DE"],
    ["Côte d’Ivoire", "CI"],
    ["united states of america", "US"],
    ["The Netherlands", "NL"],
  ])("reads %s as %s", (text, code) => expect(countryCode(text)).toBe(code));

  it.each(["NY", "Narnia", "", "European Union", "ZZ"])("knows no country in %s", (text) => {
    expect(countryCode(text)).toBeUndefined();
  });
});

describe("placeFromText", () => {
  it.each([
    ["London", { town: "London" }],
    ["Manchester, England, United Kingdom", { town: "Manchester", region: "England", country: "GB" }],
    ["Edinburgh, Scotland", { town: "Edinburgh", region: "Scotland", country: "GB" }],
    ["Austin, TX", { town: "Austin", region: "TX", country: "US" }],
    ["Remote - UK", { country: "GB" }],
    ["Berlin, Germany", { town: "Berlin", country: "DE" }],
    ["Cork, County Cork, Ireland", { town: "Cork", region: "County Cork", country: "IE" }],
    ["Remote", {}],
  ])("reads %s", (text, place) => expect(placeFromText(text)).toEqual(place));
});

describe("firstUkPlace", () => {
  it("keeps the first UK place of several, else the first", () => {
    expect(
      firstUkPlace([
        { town: "Paris", country: "FR" },
        { town: "Leeds", country: "GB" },
        { town: "York", country: "GB" },
      ]),
    ).toEqual({
      town: "Leeds",
      country: "GB",
    });
    expect(firstUkPlace([{}, { town: "Paris", country: "FR" }, { town: "Lyon", country: "FR" }])).toEqual({
      town: "Paris",
      country: "FR",
    });
    expect(firstUkPlace([])).toEqual({});
  });
});
