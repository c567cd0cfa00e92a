import { describe, expect, it } from "vitest";
import { doubledLetterSpellings, singleLetters } from "./spelling";

describe("spellings with another letter doubled", () => {
  it("include the right spelling of a doubled letter put in the wrong place, added or dropped", () => {
    expect(singleLetters("deloitte")).toBe("deloite");
    expect(doubledLetterSpellings("delloite")).toContain("deloitte");
    expect(doubledLetterSpellings("moriison")).toContain("morrison");
    expect(doubledLetterSpellings("lidll")).toContain("lidl");
    expect(doubledLetterSpellings("asdda")).toContain("asda");
  });

  it("keep the word itself and its letters in their order, with at most one letter doubled", () => {
    const spellings = doubledLetterSpellings("gogle");
    expect(spellings).toContain("gogle");
    expect(spellings).toContain("google");
    expect(spellings).not.toContain("golge");
    expect(spellings.every((s) => singleLetters(s) === "gogle" && s.length <= 6)).toBe(true);
    // Two doubled letters are left to trigram similarity (0.63 for this one, enough at this length).
    expect(doubledLetterSpellings("acomodation")).not.toContain("accommodation");
  });

  it("number one more than the letters, and leave words under five or over twenty letters alone", () => {
    // gogle, and each of its five letters doubled.
    expect(doubledLetterSpellings("gogle")).toHaveLength(6);
    expect(doubledLetterSpellings("asda")).toEqual(["asda"]);
    expect(doubledLetterSpellings("pricewaterhousecoopers")).toEqual(["pricewaterhousecoopers"]);
  });
});
