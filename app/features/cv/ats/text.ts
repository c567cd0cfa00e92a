/**
 * Text as a machine compares it: the same letters whatever the typography. Both what the PDF gave
 * back and what the document holds go through `normalise`, so a curly apostrophe, an en dash, a
 * ligature or a line break never makes a field look lost.
 */
export function normalise(text: string): string {
  return (
    text
      .normalize("NFKC")
      // Soft hyphens and zero-width characters are invisible on the page.
      .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, "")
      .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
      .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      .replace(/\s+/g, " ")
      // "2019 – 2022" and "2019-2022" read the same.
      .replace(/ ?- ?/g, "-")
      .trim()
      .toLowerCase()
  );
}

/** A word broken at the end of a line ("visualis-\nation") joined again, as most parsers do. */
const dehyphenate = (text: string) => text.replace(/(\p{L})[-\u00ad\u2010]\s*\n\s*(\p{L})/gu, "$1$2");

/**
 * What the PDF gave back, ready to search: `text` has broken words joined again; `asRead` keeps them
 * (a compound such as "open-\nsource" keeps its hyphen there).
 */
export class ReadText {
  readonly text: string;
  readonly asRead: string;

  constructor(raw: string) {
    this.text = normalise(dehyphenate(raw));
    this.asRead = normalise(raw);
  }

  /** Where a value starts, at or after `from`; -1 when it is not there as written. */
  indexOf(value: string, from = 0): number {
    const needle = normalise(value);
    if (!needle) return -1;
    const at = this.text.indexOf(needle, from);
    return at >= 0 ? at : this.asRead.indexOf(needle, from);
  }

  /** Where a value starts and ends (in `text`), at or after `from`; null when it is not there as written. */
  find(value: string, from = 0): { start: number; end: number } | null {
    const start = this.indexOf(value, from);
    return start < 0 ? null : { start, end: start + normalise(value).length };
  }

  /** Whether the words are there as written (case and spacing aside). */
  has(value: string): boolean {
    return this.indexOf(value) >= 0;
  }

  /**
   * Whether the value's words are all there, in order, but with other words between them: a value
   * read in pieces, as when a second column's line is read into the middle of it.
   */
  inPieces(value: string, gap = 250): boolean {
    const parts = normalise(value).split(" ").filter(Boolean);
    if (parts.length < 2) return false;
    for (let start = this.text.indexOf(parts[0]!); start >= 0; start = this.text.indexOf(parts[0]!, start + 1)) {
      let at = start + parts[0]!.length;
      const whole = parts.slice(1).every((part) => {
        const next = this.text.indexOf(part, at);
        if (next < 0 || next - at > gap) return false;
        at = next + part.length;
        return true;
      });
      if (whole) return true;
    }
    return false;
  }

  /**
   * Whether the value is there with its letters spaced apart ("S K I L L S"), as a machine reads
   * widely spaced headings: each word's letters may have a space between them, the words at least one.
   */
  hasLetters(value: string): boolean {
    const words = normalise(value).split(" ").filter(Boolean);
    if (!words.length) return false;
    const pattern = words
      .map((w) => [...w].map((ch) => ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join(" ?"))
      .join(" +");
    const spaced = new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, "u");
    return spaced.test(this.text) || spaced.test(this.asRead);
  }
}

/** The characters that carry meaning: letters and digits, not spaces. */
export const meaningfulLength = (text: string) => text.replace(/\s/g, "").length;

/** A value quoted for a student, shortened when long. */
export function quote(value: string, max = 60): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return `“${flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat}”`;
}

/** "a, b and c". */
export function listInEnglish(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
