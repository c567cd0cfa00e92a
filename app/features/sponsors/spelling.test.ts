import { describe, expect, it } from "vitest";
import { doubledLetterSpellings, singleLetters } from "./spelling";

describe("spellings with other letters doubled", () => {
  it("include the right spelling of a doubled letter put in the wrong place", () => {
    expect(singleLetters("deloitte")).toBe("deloite");
    expect(doubledLetterSpellings("delloite")).toContain("deloitte");
    expect(doubledLetterSpellings("moriison")).toContain("morrison");
    expect(doubledLetterSpellings("acomodation")).toContain("accommodation");
  });

  it("keep the word itself, and the letters in their order", () => {
    const spellings = doubledLetterSpellings("gogle");
    expect(spellings).toContain("gogle");
    expect(spellings).toContain("google");
    expect(spellings).not.toContain("golge");
    expect(spellings.every((s) => singleLetters(s) === "gogle")).toBe(true);
  });

  it("double at most two letters, and leave words under five letters alone", () => {
    // 1 written + 1 single-lettered + 5 with one letter doubled + 10 with two (gogle has 5 letters).
    expect(new Set(doubledLetterSpellings("gogle")).size).toBe(16);
    expect(doubledLetterSpellings("abcde").some((s) => s.length > 7)).toBe(false);
    expect(doubledLetterSpellings("asda")).toEqual(["asda"]);
  });
});
