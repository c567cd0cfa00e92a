import path from "node:path";
import { describe, expect, it } from "vitest";
import { KNOWN_NAMES, knownNameWords } from "./aliases";
import { readRegister } from "./import.server";
import { openRegisterSource } from "./source.server";

describe("known names", () => {
  it("are looked up by the query's core name, however it is written", () => {
    expect(knownNameWords("pwc")).toEqual([["pricewaterhousecoopers"]]);
    // "M&S" is normalised to "m and s" before the look-up.
    expect(knownNameWords("m and s")).toEqual([["marks", "and", "spencer"]]);
    expect(knownNameWords("tesco")).toEqual([]);
  });

  it("each name an organisation of the 2021 register (seed-data) by all its words", async () => {
    const file = path.resolve(import.meta.dirname, "../../../seed-data/uk-sponsor-register/register-2021-11-02.csv.gz");
    const { organisations } = await readRegister(await openRegisterSource(file));
    const missing = KNOWN_NAMES.filter(({ on, words }) => {
      const organisation = organisations.find((o) => o.name === on);
      return !organisation?.names.some((n) => words.every((w) => n.words.includes(w)));
    });
    expect(missing.map((m) => m.on)).toEqual([]);
  }); // reads all 48,684 rows
});
