/**
 * The fewer-than-5 rule: a figure about a group of one to four students is withheld, in charts,
 * tables and CSV alike, so that no student can be singled out. Nought is shown: it names no one.
 */
export const MIN_GROUP = 5;
export const WITHHELD = "fewer than 5";

/** A figure and how many students stand behind it (counted up to five: five means five or more). */
export type Figure = { value: number; students: number };
/** What a page shows: the number, or null where the rule withholds it. */
export type Shown = number | null;

export const show = (f: Figure): Shown => (f.students > 0 && f.students < MIN_GROUP ? null : f.value);
/** A count of students is its own group. */
export const showStudents = (n: number): Shown => (n > 0 && n < MIN_GROUP ? null : n);

/**
 * Withholds figures of a breakdown whose total is shown, and then enough others that no withheld
 * figure can be worked out by subtracting the rest from the total: when only one is withheld, the
 * smallest shown one goes too (complementary suppression).
 */
export function showBreakdown(figures: readonly Figure[]): Shown[] {
  const shown = figures.map(show);
  const withheld = shown.filter((s) => s === null).length;
  if (withheld === 1) {
    let smallest = -1;
    shown.forEach((s, i) => {
      if (s !== null && s > 0 && (smallest < 0 || s < shown[smallest]!)) smallest = i;
    });
    if (smallest >= 0) shown[smallest] = null;
  }
  return shown;
}

/** A share in percent (one decimal) when both figures are shown and the whole is not nought. */
export const shareOf = (part: Shown, whole: Shown): Shown =>
  part === null || whole === null || whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** How a figure reads in a table or CSV cell. */
export const cellOf = (s: Shown): string | number => (s === null ? WITHHELD : s);
