import type { CareersAdviser } from "~/db/schema";
import { type Availability, type Slot, openSlots } from "~/features/meetings";

/** What cuts an adviser's week into bookable times. */
export type AdviserHours = Pick<
  CareersAdviser,
  "userId" | "timeZone" | "weekly" | "daysOff" | "horizonDays" | "noticeHours"
>;
/** An appointment that holds an adviser's (or a student's) time. */
export type Held = { startsAt: Date; endsAt: Date };
/** A time a student may book, and the adviser it is with. */
export type FreeTime = Slot & { adviserUserId: number };

const overlaps = (slot: Slot, held: Held) => held.startsAt < slot.end && slot.start < held.endsAt;

/**
 * An adviser's free times for an appointment of `minutes`: their weekly hours in their own time zone,
 * less their days off, from `now` plus their notice to their horizon, cut into times of that length (the
 * team's meetings are cut by the same function), and none overlapping an appointment they hold.
 */
export function adviserTimes(adviser: AdviserHours, minutes: number, now: Date, held: readonly Held[]): Slot[] {
  const availability: Availability = {
    timeZone: adviser.timeZone,
    slotMinutes: minutes,
    weekly: adviser.weekly as Availability["weekly"],
    horizonDays: adviser.horizonDays,
    noticeHours: adviser.noticeHours,
    closed: adviser.daysOff,
  };
  return openSlots(availability, now).filter((slot) => !held.some((h) => overlaps(slot, h)));
}

/**
 * The times a student may book across `advisers`, in order, each once: where several advisers are free
 * at the same time, the one holding fewer appointments takes it (then the lower id), so the work is
 * shared. A time overlapping one of the student's own appointments is left out.
 */
export function freeTimes(
  advisers: readonly (AdviserHours & { held: readonly Held[] })[],
  minutes: number,
  now: Date,
  studentHeld: readonly Held[] = [],
): FreeTime[] {
  const byStart = new Map<number, FreeTime & { load: number }>();
  for (const adviser of advisers) {
    for (const slot of adviserTimes(adviser, minutes, now, adviser.held)) {
      if (studentHeld.some((h) => overlaps(slot, h))) continue;
      const seen = byStart.get(slot.start.getTime());
      const load = adviser.held.length;
      if (!seen || load < seen.load || (load === seen.load && adviser.userId < seen.adviserUserId))
        byStart.set(slot.start.getTime(), { ...slot, adviserUserId: adviser.userId, load });
    }
  }
  return [...byStart.values()]
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map(({ load: _load, ...time }) => time);
}
