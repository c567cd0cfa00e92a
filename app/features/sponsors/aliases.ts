import { searchTerms } from "./normalise";

/**
 * Names people use for large employers that the register does not write: acronyms and brands
 * ("PwC" for PricewaterhouseCoopers LLP), former names, and misspellings common enough to deserve
 * an entry. `words` are the words of the name as the register writes it (normalised, legal forms
 * aside); a search for one of `says` finds every organisation whose name has all of them.
 *
 * Checked on 2026-11-23 against the register of 2021-11-02 (seed-data/uk-sponsor-register): every
 * `words` finds the organisation named in `on`, and aliases.test.ts keeps it so. The source says
 * where the short name is the organisation's own. A later register may name the employer
 * differently: the test then fails, and the entry is corrected or dropped.
 *
 * Not here: names the search already finds first (HSBC, KPMG, IBM, BT as "BT Group"), and "NHS",
 * which is dozens of separate trusts on the register, not one employer.
 */
export const KNOWN_NAMES: { says: string[]; words: string[]; on: string; source: string }[] = [
  {
    says: ["PwC", "Price Waterhouse", "Price Waterhouse Coopers"],
    words: ["pricewaterhousecoopers"],
    on: "PricewaterhouseCoopers LLP",
    source: "pwc.co.uk: PwC is the brand of PricewaterhouseCoopers LLP",
  },
  {
    says: ["EY"],
    words: ["ernst", "and", "young"],
    on: "Ernst & Young",
    source: "ey.com: EY is the brand of the Ernst & Young member firms",
  },
  {
    says: ["Deloite", "Delloite", "Deloittes", "Delotte", "Deliotte"],
    words: ["deloitte"],
    on: "Deloitte LLP",
    source: "common misspellings of Deloitte",
  },
  {
    says: ["GSK", "Glaxo Smith Kline"],
    words: ["glaxosmithkline"],
    on: "GlaxoSmithKline Plc",
    source: "gsk.com: GSK plc was named GlaxoSmithKline plc until 2022",
  },
  {
    says: ["JLR"],
    words: ["jaguar", "land", "rover"],
    on: "Jaguar Land Rover Limited",
    source: "jaguarlandrover.com: JLR is the brand of Jaguar Land Rover Limited",
  },
  {
    says: ["BBC"],
    words: ["british", "broadcasting", "corporation"],
    on: "British Broadcasting Corporation",
    source: "bbc.co.uk: the BBC is the British Broadcasting Corporation",
  },
  {
    says: ["RBS", "Royal Bank of Scotland"],
    words: ["natwest", "group"],
    on: "NatWest Group PLC",
    source: "natwestgroup.com: NatWest Group plc was The Royal Bank of Scotland Group plc until July 2020",
  },
  {
    says: ["M&S", "Marks and Spencers"],
    words: ["marks", "and", "spencer"],
    on: "Marks and Spencer Group Plc",
    source: "marksandspencer.com: M&S is Marks and Spencer Group plc",
  },
  {
    says: ["Sainsbury's", "Sainsburys"],
    words: ["j", "sainsbury"],
    on: "J Sainsbury Plc",
    source: "about.sainsburys.co.uk: Sainsbury's is J Sainsbury plc",
  },
  {
    says: ["Morrisons", "Morrison's"],
    words: ["wm", "morrison", "supermarkets"],
    on: "WM MORRISON SUPERMARKETS PLC",
    source: "morrisons-corporate.com: Morrisons is Wm Morrison Supermarkets",
  },
  {
    says: ["JP Morgan", "J P Morgan", "JPM"],
    words: ["jpmorgan", "chase"],
    on: "JPMorgan Chase Bank, National Association",
    source: "jpmorganchase.com: J.P. Morgan is JPMorgan Chase & Co.",
  },
  {
    says: ["P&G", "Proctor and Gamble"],
    words: ["procter", "and", "gamble"],
    on: "Procter & Gamble Limited",
    source: "pg.co.uk: P&G is Procter & Gamble",
  },
  {
    says: ["BCG"],
    words: ["boston", "consulting", "group"],
    on: "The Boston Consulting Group UK LLP",
    source: "bcg.com: BCG is the Boston Consulting Group",
  },
  {
    says: ["TCS"],
    words: ["tata", "consultancy", "services"],
    on: "Tata Consultancy Services",
    source: "tcs.com: TCS is Tata Consultancy Services",
  },
  {
    says: ["HMRC"],
    words: ["hm", "revenue", "and", "customs"],
    on: "HM Revenue & Customs",
    source: "gov.uk: HMRC is HM Revenue & Customs",
  },
  {
    says: ["TfL"],
    words: ["transport", "for", "london"],
    on: "Transport for London",
    source: "tfl.gov.uk: TfL is Transport for London",
  },
  {
    says: ["MoD"],
    words: ["ministry", "of", "defence"],
    on: "Ministry of Defence; Defence Business Services",
    source: "gov.uk: MOD is the Ministry of Defence",
  },
  {
    says: ["Meta"],
    words: ["facebook"],
    on: "Facebook UK",
    source: "about.meta.com: Facebook, Inc. became Meta Platforms, Inc. on 28 October 2021",
  },
];

const BY_SAYING = new Map<string, string[][]>();
for (const entry of KNOWN_NAMES) {
  for (const said of entry.says) {
    const { core } = searchTerms(said);
    BY_SAYING.set(core, [...(BY_SAYING.get(core) ?? []), entry.words]);
  }
}

/** The register words of each employer a query's core name is a known name of; none for most queries. */
export function knownNameWords(core: string): string[][] {
  return BY_SAYING.get(core) ?? [];
}
