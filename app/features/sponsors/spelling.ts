/**
 * Misspellings that trigrams miss. A doubled letter moved, added or dropped ("delloite" for
 * "deloitte", "gogle" for "google") changes a third or more of a short word's trigrams (similarity
 * 0.5–0.63), below any threshold that does not also let in unrelated names. Such a word has the
 * same letters in the same order once runs of one letter are made single, so the search also looks
 * for those spellings in the register's word index.
 */

/** Words shorter than this have too many neighbours of this kind to be useful. */
const MIN_LENGTH = 5;
/**
 * Longer words are left to trigrams: each spelling is one more key to look up, and with more than
 * about 30 PostgreSQL expects so many rows that it reads the whole table instead of the index.
 */
const MAX_LENGTH = 20;

/** A word with every run of one letter made single: "deloitte" → "deloite". */
export const singleLetters = (word: string) => word.replace(/(.)\1+/gu, "$1");

/**
 * The word, the word with its doubled letters made single, and that with any one letter doubled: the
 * spellings that differ from the word only in which one letter is doubled. A word of under five or
 * over twenty letters is only itself.
 */
export function doubledLetterSpellings(word: string): string[] {
  const letters = [...word];
  if (letters.length < MIN_LENGTH || letters.length > MAX_LENGTH) return [word];
  const single = [...singleLetters(word)];
  const spellings = new Set([word, single.join("")]);
  single.forEach((letter, i) => spellings.add([...single.slice(0, i), letter, ...single.slice(i)].join("")));
  return [...spellings];
}
