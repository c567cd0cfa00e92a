import { dayLabel, zonedParts, zonedTime } from "~/lib/time-zones";
import type { Availability } from "./availability";

/** A bookable meeting: its start and end, in UTC. */
export type Slot = { start: Date; end: Date };

const addDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

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

/** "Tuesday 1 December 2026, 10:00 to 10:30 (Europe/London)". */
export function slotLabel(slot: Slot, timeZone: string): string {
  return `${dayLabel(slot.start, timeZone, true)}, ${zonedParts(slot.start, timeZone).time} to ${zonedParts(slot.end, timeZone).time} (${timeZone.replaceAll("_", " ")})`;
}
