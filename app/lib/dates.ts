// Calendar days travel as ISO strings (YYYY-MM-DD), as PostgreSQL's `date` and <input type="date"> give them.
import { remembered } from "./remembered";

const LONG = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

// Days a page writes again and again, written once each (see remembered.ts).
const longDay = remembered(
  (isoDate: string) => isoDate,
  (isoDate: string) => LONG.format(new Date(`${isoDate}T00:00:00Z`)),
);

/** "2026-03-14" as "14 March 2026". */
export function formatDate(isoDate: string): string {
  return longDay(isoDate);
}

/** A real calendar day written YYYY-MM-DD (so 2023-02-29 is refused). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const UK_DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** The day a moment falls on in the UK, as "14 March 2026": when something happened or ends, for people. */
export function formatUkDay(moment: Date | string): string {
  return UK_DAY.format(typeof moment === "string" ? new Date(moment) : moment);
}

const UK_SHORT_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "Europe/London" });

// Every job card writes one: the same few dozen jobs fill the most viewed lists.
const shortUkDay = remembered(
  (moment: string) => moment,
  (moment: string) => UK_SHORT_DAY.format(new Date(moment)),
);

/** The day an ISO moment falls on in the UK, as "14 Mar": a job card's "Posted". */
export function formatShortUkDay(moment: string): string {
  return shortUkDay(moment);
}

const LONDON_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

// By the minute: the UK's days begin on a whole minute (its offsets are whole hours).
const londonDay = remembered(
  (now: Date) => String(Math.floor(now.getTime() / 60_000)),
  (now: Date) => LONDON_DAY.format(now),
);

/** Today's date (YYYY-MM-DD) in the UK, whatever the server's time zone: the day UK registers and rules are dated by. */
export function todayInLondon(now: Date): string {
  return londonDay(now);
}
