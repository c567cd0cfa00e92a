import { formatDate, isIsoDay } from "~/lib/dates";

/** A range of calendar days, both ends included (ISO dates). */
export type DayRange = { from: string; to: string };

export type RangeChoice = {
  range: DayRange;
  /** The same number of days just before: what each figure's change is measured against. */
  previous: DayRange;
  /** Why the dates asked for were not used (the default range is shown instead), or null. */
  error: string | null;
  /** What was typed, to show in the form again. */
  input: { from: string; to: string };
};

export const DEFAULT_DAYS = 30;
/** Two years: the rollups keep a year's activity a row, and a longer range says little more. */
export const MAX_DAYS = 731;

const DAY_MS = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => new Date(ms(day) + n * DAY_MS).toISOString().slice(0, 10);
/** Days from `a` to `b`, both included. */
export const daysIn = (range: DayRange) => Math.round((ms(range.to) - ms(range.from)) / DAY_MS) + 1;

function previousOf(range: DayRange): DayRange {
  const n = daysIn(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** Reads `?from=YYYY-MM-DD&to=YYYY-MM-DD`; without them, the last 30 days to `today`. */
export function readRange(url: URL, today: string): RangeChoice {
  const from = url.searchParams.get("from")?.trim() ?? "";
  const to = url.searchParams.get("to")?.trim() ?? "";
  const fallback = { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
  const choose = (range: DayRange, error: string | null): RangeChoice => ({
    range,
    previous: previousOf(range),
    error,
    input: { from: from || range.from, to: to || range.to },
  });
  if (!from && !to) return choose(fallback, null);
  const problem = (() => {
    if (!isIsoDay(from)) return `Enter the start date as a date like ${addDays(today, -29)}.`;
    if (!isIsoDay(to)) return `Enter the end date as a date like ${today}.`;
    if (from > to) return "The start date must be on or before the end date.";
    if (to > today) return `The end date cannot be after today, ${formatDate(today)}.`;
    if (daysIn({ from, to }) > MAX_DAYS) return "Choose a range of at most two years.";
    return null;
  })();
  return problem
    ? choose(fallback, `${problem} Showing the last ${DEFAULT_DAYS} days instead.`)
    : choose({ from, to }, null);
}

/**
 * For each year the range touches, its days as the rollups' bits (bit i from the left is day of
 * year i + 1): a student was active in the range when their year's bits and these share one.
 */
export function yearMasks(range: DayRange): { year: number; mask: string }[] {
  const masks: { year: number; mask: string }[] = [];
  for (let year = Number(range.from.slice(0, 4)); year <= Number(range.to.slice(0, 4)); year++) {
    const first = ms(`${year}-01-01`);
    const start = Math.max(ms(range.from), first);
    const end = Math.min(ms(range.to), ms(`${year}-12-31`));
    const bits = new Array<string>(366).fill("0");
    for (let t = start; t <= end; t += DAY_MS) bits[Math.round((t - first) / DAY_MS)] = "1";
    masks.push({ year, mask: bits.join("") });
  }
  return masks;
}

/** The first day of the month after the one `day` falls in. */
const nextMonth = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1)).toISOString().slice(0, 10);

/**
 * A range as the whole calendar months inside it (`months`: from the first's first day to the
 * last's, or null) and the days left at its ends: what the monthly and daily rollups are read for.
 */
export function splitByMonths(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  const first = range.from.endsWith("-01") ? range.from : nextMonth(range.from);
  const last = periodOf(addDays(range.to, 1), "month"); // the first day not in a whole month at the end
  if (first >= last) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.from < first) days.push({ from: range.from, to: addDays(first, -1) });
  if (last <= range.to) days.push({ from: last, to: range.to });
  return { months: { from: first, to: periodOf(addDays(last, -1), "month") }, days };
}

export type Grain = "day" | "week" | "month";

/** Days for up to two months, weeks up to a year, months beyond: a chart of 10 to 100 points. */
export function grainOf(range: DayRange): Grain {
  const n = daysIn(range);
  return n <= 62 ? "day" : n <= 366 ? "week" : "month";
}

/** The start of the period `day` falls in: itself, its week's Monday, or its month's first day. */
export function periodOf(day: string, grain: Grain): string {
  if (grain === "day") return day;
  if (grain === "month") return `${day.slice(0, 8)}01`;
  const weekday = (new Date(ms(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every period of the range in order, so that a period without activity still shows as zero. */
export function periodsOf(range: DayRange, grain: Grain): string[] {
  const periods: string[] = [];
  for (let p = periodOf(range.from, grain); p <= range.to; ) {
    periods.push(p);
    p = grain === "day" ? addDays(p, 1) : grain === "week" ? addDays(p, 7) : nextMonth(p);
  }
  return periods;
}

const SHORT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const MONTH = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

/** A period's label: "3 Nov", "w/c 3 Nov", "Nov 2026". */
export function periodLabel(period: string, grain: Grain): string {
  const d = new Date(ms(period));
  return grain === "month" ? MONTH.format(d) : grain === "week" ? `w/c ${SHORT.format(d)}` : SHORT.format(d);
}
