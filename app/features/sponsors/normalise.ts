/**
 * Employer names as the register writes them and as people type them, brought to one form so
 * that "Tesco Stores Limited", "TESCO STORES LTD" and "tesco stores ltd." meet.
 */

/** Spellings of a legal form, each brought to one token (after punctuation became spaces). */
const LEGAL_PHRASES: [RegExp, string][] = [
  [/\bpublic limited company\b/g, "plc"],
  [/\blimited liability partnership\b/g, "llp"],
  [/\blimited liability company\b/g, "llc"],
  [/\bcommunity interest company\b/g, "cic"],
  [/\blimited\b/g, "ltd"],
  [/\bincorporated\b/g, "inc"],
  [/\bu k\b/g, "uk"],
  [/\bl t d\b/g, "ltd"],
  [/\bp l c\b/g, "plc"],
];

/** Words that say nothing about which employer it is. */
const NOISE_WORDS = new Set(["ltd", "plc", "llp", "llc", "inc", "cic", "the", "uk"]);

/** Lower case, no accents, `&` as "and", punctuation as spaces, legal forms in one spelling. */
export function normaliseName(name: string): string {
  let s = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "") // o'neill, sainsbury's: one word
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  for (const [pattern, token] of LEGAL_PHRASES) s = s.replace(pattern, token);
  return s;
}

/** The distinguishing part of a normalised name: without legal forms, "the" and "uk" (unless nothing else is left). */
export function coreName(normalised: string): string {
  const words = normalised.split(" ").filter((w) => w && !NOISE_WORDS.has(w));
  return words.length ? words.join(" ") : normalised;
}

const TRADING_AS = /(?:^|[\s,(])(?:t\s?\/\s?as?|trading as)(?=$|[\s,)])/i;

/** The legal name and the trading names of a register line ("X Ltd T/A Y", "X t/as Y", "X trading as Y"). */
export function splitTradingNames(name: string): { legal: string; aliases: string[] } {
  const parts = name
    .split(TRADING_AS)
    .map((p) => p.replace(/^[\s,()]+|[\s,(]+$/g, "").trim())
    .filter((p) => normaliseName(p) !== "");
  const [legal = name.trim(), ...aliases] = parts;
  return { legal, aliases };
}

/** What a search for `query` compares: the normalised full name, its core and the core's words. */
export function searchTerms(query: string): { full: string; core: string; words: string[] } {
  const full = normaliseName(query);
  const core = coreName(full);
  return { full, core, words: core ? core.split(" ") : [] };
}
