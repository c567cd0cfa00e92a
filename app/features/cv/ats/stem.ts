/**
 * A small suffix-stripping stemmer for English job adverts and CVs: enough for "analyse", "analysis"
 * and "analysing" to meet, and "manage", "managing" and "management", in British or American spelling.
 * It is not a dictionary: two unrelated words may share a stem, which matters little when only the
 * words of one job advert are compared with one CV.
 */
const DERIVATIONS: [suffix: string, replacement: string, minStem: number][] = [
  ["isation", "is", 3],
  ["ation", "at", 3],
  ["ment", "", 3],
  ["ical", "ic", 3],
  ["ance", "", 4],
  ["ence", "", 4],
  ["ial", "", 4],
  ["ity", "", 3],
  ["ive", "", 3],
  ["ist", "", 4],
  ["al", "", 4],
  ["er", "", 3],
];

const VOWEL = /[aeiouy]/;

export function stem(word: string): string {
  let w = word.toLowerCase().replace(/[-.'’]/g, "");
  if (w.length <= 3 || /\d/.test(w)) return w;
  // American spelling as British: "analyze", "organization".
  w = w.replace(/yz/g, "ys").replace(/iz/g, "is");

  let inflected = false;
  const ing = w.replace(/ings?$/, "");
  if (w.length > 4 && /ie[sd]$/.test(w)) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sis")) w = w.slice(0, -2);
  else if (/(ss|us|is)$/.test(w)) {
    // "business", "status", "basis": not plurals.
  } else if (ing !== w && ing.length >= 3 && VOWEL.test(ing)) {
    w = ing;
    inflected = true;
  } else if (w.endsWith("ed") && w.length >= 6 && VOWEL.test(w.slice(0, -2))) {
    w = w.slice(0, -2);
    inflected = true;
  } else if (w.endsWith("s")) w = w.slice(0, -1);
  // "planning" → "plan", "modelling" → "model"; but "skill", "access" keep their double letter.
  if (inflected && /([^aeious])\1$/.test(w) && (!w.endsWith("ll") || w.length >= 6)) w = w.slice(0, -1);

  for (const [suffix, replacement, minStem] of DERIVATIONS) {
    // "career", "engineer", "volunteer" are not a verb with "-er".
    if (suffix === "er" && w.endsWith("eer")) break;
    if (w.endsWith(suffix) && w.length - suffix.length >= minStem) {
      w = w.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}
