import type { Availability } from "./availability";

/** A bookable meeting: its start and end, in UTC. */
export type Slot = { start: Date; end: Date };

const PARTS = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string) {
  let f = PARTS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", weekday: "short" });
    PARTS.set(timeZone, f);
  }
  return f;
}

/** The calendar day, weekday and clock time at `at` in `timeZone`. */
export function zonedParts(at: Date, timeZone: string) {
  const parts = Object.fromEntries(partsFormat(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday!) + 1;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, weekday, time: `${parts.hour}:${parts.minute}`, second: Number(parts.second) };
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

const addDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * Every slot of the team's hours from `now` plus the notice to the end of the horizon, in order:
 * the same whatever the visitor's time zone, which only changes how they are shown.
 */
export function openSlots(availability: Availability, now: Date): Slot[] {
  const { timeZone, slotMinutes } = availability;
  const earliest = now.getTime() + availability.noticeHours * 3_600_000;
  const today = zonedParts(now, timeZone).day;
  const slots: Slot[] = [];
  for (let i = 0; i <= availability.horizonDays; i++) {
    const day = addDay(today, i);
    if (availability.closed.includes(day)) continue;
    const weekday = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    for (const window of availability.weekly[weekday as 1] ?? []) {
      const [from, to] = window.split("-") as [string, string];
      for (let m = minutesOf(from); m + slotMinutes <= minutesOf(to); m += slotMinutes) {
        const start = zonedTime(day, timeOf(m), timeZone);
        if (start.getTime() >= earliest) slots.push({ start, end: new Date(start.getTime() + slotMinutes * 60_000) });
      }
    }
  }
  return slots;
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

const DAY_LABEL = new Map<string, Intl.DateTimeFormat>();
/** "Tuesday 1 December" (and the year, if asked) in `timeZone`, the same whatever ICU's punctuation. */
export function dayLabel(at: Date, timeZone: string, withYear = false): string {
  let f = DAY_LABEL.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" });
    DAY_LABEL.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month}${withYear ? ` ${p.year}` : ""}`;
}

/** "Tuesday 1 December 2026, 10:00 to 10:30 (Europe/London)". */
export function slotLabel(slot: Slot, timeZone: string): string {
  return `${dayLabel(slot.start, timeZone, true)}, ${zonedParts(slot.start, timeZone).time} to ${zonedParts(slot.end, timeZone).time} (${timeZone.replaceAll("_", " ")})`;
}
