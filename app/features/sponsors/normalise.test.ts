import { describe, expect, it } from "vitest";
import { coreName, normaliseName, searchTerms, splitTradingNames } from "./normalise";

describe("normaliseName", () => {
  it("makes Ltd and Limited, and other spellings of a legal form, the same", () => {
    expect(normaliseName("Tesco Stores Limited")).toBe("tesco stores ltd");
    expect(normaliseName("TESCO STORES LTD.")).toBe("tesco stores ltd");
    expect(normaliseName("Acme Public Limited Company")).toBe("acme plc");
    expect(normaliseName("Acme P.L.C.")).toBe("acme plc");
    expect(normaliseName("Acme Limited Liability Partnership")).toBe("acme llp");
    expect(normaliseName("Acme Community Interest Company")).toBe("acme cic");
    expect(normaliseName("Acme Incorporated")).toBe("acme inc");
  });

  it("ignores case, accents, punctuation and apostrophes, and reads & as and", () => {
    expect(normaliseName("GÉANT Association")).toBe("geant association");
    expect(normaliseName("Ed. Züblin AG - UK Branch")).toBe("ed zublin ag uk branch");
    expect(normaliseName("Marks & Spencer plc")).toBe("marks and spencer plc");
    expect(normaliseName("J Sainsbury's")).toBe("j sainsburys");
    expect(normaliseName("London Aesthetics U.K Ltd")).toBe("london aesthetics uk ltd");
    expect(normaliseName("???£ ")).toBe("");
  });
});

describe("coreName", () => {
  it("drops legal forms, 'the' and 'uk'", () => {
    expect(coreName(normaliseName("The Google (UK) Limited"))).toBe("google");
    expect(coreName(normaliseName("CAKE GLORY LTD LTD"))).toBe("cake glory");
    expect(coreName(normaliseName("Deloitte LLP"))).toBe("deloitte");
  });

  it("keeps the name when nothing else would be left", () => {
    expect(coreName(normaliseName("The UK Ltd"))).toBe("the uk ltd");
  });
});

describe("splitTradingNames", () => {
  it.each([
    ["BRANOS OXFORD LTD T/A LILO", "BRANOS OXFORD LTD", ["LILO"]],
    ["CASA BAMBOO LTD T/a Pho Le Vietnamese Restaurant", "CASA BAMBOO LTD", ["Pho Le Vietnamese Restaurant"]],
    [
      "HAWTHORN MANOR LIMITED t/as Hawthorn Manor Residential Home ",
      "HAWTHORN MANOR LIMITED",
      ["Hawthorn Manor Residential Home"],
    ],
    ["HH KITCHENS LTD Trading as Caprinos Pizza Heywood", "HH KITCHENS LTD", ["Caprinos Pizza Heywood"]],
    ["PINAL DAYA, T/A LONDIS", "PINAL DAYA", ["LONDIS"]],
    ["(A1F1 Limited T/A ) Ultrasound Direct London", "A1F1 Limited", ["Ultrasound Direct London"]],
    ["Nirmalan Vinayagamoorthy T/A", "Nirmalan Vinayagamoorthy", []],
    ["Haven Care (Trade Name)", "Haven Care (Trade Name)", []],
    ["Tata Consultancy Services", "Tata Consultancy Services", []],
  ])("%j", (name, legal, aliases) => {
    expect(splitTradingNames(name)).toEqual({ legal, aliases });
  });
});

describe("searchTerms", () => {
  it("gives the full form, core and words of a query", () => {
    expect(searchTerms(" tesco stores ltd ")).toEqual({
      full: "tesco stores ltd",
      core: "tesco stores",
      words: ["tesco", "stores"],
    });
  });
});
