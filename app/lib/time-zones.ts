/**
 * Time zones: the moment a local clock shows, and a moment as a local clock shows it. Times are
 * stored in UTC and shown in the viewer's zone (and an event's own); these do the converting with
 * the runtime's time zone data, without a library.
 */
import { remembered } from "./remembered";

/** One formatter a zone, made the first time the zone is asked for. */
const partsFormat = remembered(
  (timeZone: string) => timeZone,
  (timeZone: string) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    }),
);

// A moment and a zone, read once each (see remembered.ts): a dashboard reads the same few many times.
const partsAt = remembered(
  (at: Date, timeZone: string) => `${at.getTime()}|${timeZone}`,
  (at: Date, timeZone: string) => {
    const parts = Object.fromEntries(
      partsFormat(timeZone)
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday!) + 1;
    return Object.freeze({
      day: `${parts.year}-${parts.month}-${parts.day}`,
      weekday,
      time: `${parts.hour}:${parts.minute}`,
      second: Number(parts.second),
    });
  },
);

/** The calendar day, weekday and clock time at `at` in `timeZone`. */
export function zonedParts(at: Date, timeZone: string) {
  return partsAt(at, timeZone);
}

/** How far `timeZone`'s clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const p = zonedParts(new Date(at), timeZone);
  const [y, m, d] = p.day.split("-").map(Number) as [number, number, number];
  const [h, mi] = p.time.split(":").map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, h, mi, p.second) - (at - (at % 1000));
}

/** The moment a clock in `timeZone` shows `time` ("HH:MM") on `day` (YYYY-MM-DD). */
export function zonedTime(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const naive = Date.UTC(y, m - 1, d, h, mi);
  // The offset at the guess, then again at the answer: right on either side of a change of clocks.
  const first = naive - offsetAt(naive, timeZone);
  return new Date(naive - offsetAt(first, timeZone));
}

/** Whether `name` is a time zone this server knows (an IANA name such as "America/Toronto"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The IANA time zones, for the visitor to choose theirs. */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf("timeZone");

const dayLabelFormat = remembered(
  (timeZone: string) => timeZone,
  (timeZone: string) =>
    new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }),
);
const dayLabels = remembered(
  (at: Date, timeZone: string, withYear: boolean) => `${at.getTime()}|${timeZone}|${withYear}`,
  (at: Date, timeZone: string, withYear: boolean) => {
    const p = Object.fromEntries(
      dayLabelFormat(timeZone)
        .formatToParts(at)
        .map((x) => [x.type, x.value]),
    );
    return `${p.weekday} ${p.day} ${p.month}${withYear ? ` ${p.year}` : ""}`;
  },
);

/** "Tuesday 1 December" (and the year, if asked) in `timeZone`, the same whatever ICU's punctuation. */
export function dayLabel(at: Date, timeZone: string, withYear = false): string {
  return dayLabels(at, timeZone, withYear);
}

/** Times as a booking page offers them: by day in `timeZone`, each "10:00 to 10:30" with its start as the value posted. */
export function timesByDay(
  slots: readonly { start: Date; end: Date }[],
  timeZone: string,
): { day: string; label: string; times: { value: string; label: string }[] }[] {
  const days = new Map<string, { day: string; label: string; times: { value: string; label: string }[] }>();
  for (const s of slots) {
    const { day, time } = zonedParts(s.start, timeZone);
    if (!days.has(day)) days.set(day, { day, label: dayLabel(s.start, timeZone), times: [] });
    days
      .get(day)!
      .times.push({ value: s.start.toISOString(), label: `${time} to ${zonedParts(s.end, timeZone).time}` });
  }
  return [...days.values()];
}
