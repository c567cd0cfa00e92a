import type { SECTORS } from "~/features/accounts";

/**
 * The SOC 2020 groups (code prefixes: a major or minor group) of each sector a student can name in
 * their profile, for recommendations. A sector is a field of work, the SOC groups what people do: the
 * match is approximate by nature, and a job counts for a sector when its occupation is in one of them.
 */
export const SECTOR_OCCUPATIONS: Record<keyof typeof SECTORS, readonly string[]> = {
  "accounting-finance": ["242", "353", "412"],
  consulting: ["113", "243", "244", "354"],
  "data-technology": ["213", "214", "313"],
  engineering: ["112", "212", "311", "312"],
  healthcare: ["117", "123", "221", "222", "223", "224", "225", "321"],
  law: ["241", "352"],
  "marketing-media": ["249", "341", "342", "355"],
  "public-sector": ["246", "322", "356", "411"],
  "research-education": ["211", "216", "231", "232", "323"],
  "retail-hospitality": ["115", "122", "7"],
};
