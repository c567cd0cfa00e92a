/**
 * Misspellings that trigrams miss. A doubled letter moved, added or dropped ("delloite" for
 * "deloitte") changes a third or more of a short word's trigrams (similarity 0.5), below any
 * threshold that does not also let in unrelated names. Such a word has the same letters in the same
 * order once runs of one letter are made single, so the search also looks for those spellings.
 */

/** Words shorter than this have too many neighbours of this kind to be useful. */
const MIN_LENGTH = 5;
/** Doubled letters a spelling may have: register words rarely have more ("accommodation" has two). */
const MAX_DOUBLED = 2;

/** A word with every run of one letter made single: "deloitte" → "deloite". */
export const singleLetters = (word: string) => word.replace(/(.)\1+/gu, "$1");

/**
 * The word and every spelling that differs from it only in which letters are doubled (at most two),
 * for looking up in the register's word index; a short word is only itself.
 */
export function doubledLetterSpellings(word: string): string[] {
  const chars = [...word];
  if (chars.length < MIN_LENGTH) return [word];
  const single = [...singleLetters(word)];
  const spellings = new Set([word, single.join("")]);
  const double = (letters: string[], from: number, left: number) => {
    if (left === 0) return;
    for (let i = from; i < letters.length; i++) {
      // Index i + 2 onwards is the rest of the word after the doubled letter.
      const doubled = [...letters.slice(0, i + 1), letters[i]!, ...letters.slice(i + 1)];
      spellings.add(doubled.join(""));
      double(doubled, i + 2, left - 1);
    }
  };
  double(single, 0, MAX_DOUBLED);
  return [...spellings];
}
