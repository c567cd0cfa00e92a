import { SURVEY_WAVES, type SurveyWave } from "~/db/schema/graduate-outcome-values";

/**
 * When the surveys go out and how long they take answers, in calendar months. A month is YYYY-MM,
 * as the profile keeps graduation (the month's first day) and the student records send it.
 */

/**
 * A wave goes out from the first day of its month (6 or 15 after the graduation month) and for the
 * two months after: a server that was down, or a graduation month corrected late, still sends it,
 * but a graduate of years ago is not surveyed when the feature first runs.
 */
const SENDING_MONTHS = 3;
/** A survey takes answers (and changes to them) this long after it was sent, or until the next goes out. */
const OPEN_MONTHS = 9;

/** `month` moved by `n` months (n may be negative). */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The wave due for a graduate of `graduationMonth` in `thisMonth`, or null. */
export function waveDue(graduationMonth: string, thisMonth: string): SurveyWave | null {
  for (const wave of SURVEY_WAVES) {
    const from = addMonths(graduationMonth, wave);
    if (thisMonth >= from && thisMonth < addMonths(from, SENDING_MONTHS)) return wave;
  }
  return null;
}

/**
 * The graduation months whose `wave` is due in `thisMonth`, as the days the profile's graduation
 * date may hold: from the first day of the earliest (included) to the first day after the latest
 * (excluded). The job's query and `waveDue` agree by construction (tested).
 */
export function graduatedBetween(wave: SurveyWave, thisMonth: string): { from: string; until: string } {
  return {
    from: `${addMonths(thisMonth, -wave - (SENDING_MONTHS - 1))}-01`,
    until: `${addMonths(thisMonth, -wave + 1)}-01`,
  };
}

/** When a survey sent at `sentAt` stops taking answers, unless the next one goes out first. */
export function closingOf(sentAt: Date): Date {
  const closes = new Date(sentAt);
  closes.setUTCMonth(closes.getUTCMonth() + OPEN_MONTHS);
  return closes;
}

/** The wave after `wave`, or null for the last. */
export const nextWave = (wave: SurveyWave): SurveyWave | null => SURVEY_WAVES[SURVEY_WAVES.indexOf(wave) + 1] ?? null;

const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
/** "2025-07" as "July 2025". */
export const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));
