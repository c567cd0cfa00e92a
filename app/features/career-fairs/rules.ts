import type { Role } from "~/lib/roles";

// Who sees, attends and staffs which fair, and what the door answers: pure, so each rule is tested alone.

type Fair = { universityId: number | null; format: "online" | "in-person"; startsAt: Date; endsAt: Date };

/** Whose fairs a person sees beside the platform's, and whether only online ones (a student still abroad). */
export type Audience = { universityId: number | null; onlineOnly: boolean };

/**
 * The platform's fairs for every logged-in person; their own university's too when they may read its
 * own content (the access state's `internalContent`: not a pre-departure account nothing vouches for).
 * A pre-departure student has not arrived: of the fairs, they may attend the online ones only.
 */
export function audienceOf(person: { role: Role; universityId: number | null; internalContent: boolean }): Audience {
  return {
    universityId: person.internalContent ? person.universityId : null,
    onlineOnly: person.role === "predeparture_student",
  };
}

/** Whether the person sees the fair at all (else its page answers 404). */
export const sees = (audience: Audience, fair: Fair) =>
  (fair.universityId === null || fair.universityId === audience.universityId) &&
  (!audience.onlineOnly || fair.format === "online");

/** Students register, and pre-departure students (for the online fairs they see); staff and employers do not. */
export const registers = (role: Role) => role === "student" || role === "predeparture_student";

/** Registering is open until the fair ends (students sign up on the day); giving a place up, until it starts. */
export const registrationOpen = (fair: Pick<Fair, "endsAt">, now: Date) => now < fair.endsAt;
/** Tickets left at a fair of `capacity` places (null: no limit) once `tickets` are taken. */
export const placesLeft = (capacity: number | null, tickets: number) =>
  capacity === null ? Number.POSITIVE_INFINITY : Math.max(0, capacity - tickets);

/** Until it starts a fair may be called off; then its tickets and check-ins are the analytics' record. */
export const callableOff = (fair: Pick<Fair, "startsAt">, now: Date) => now < fair.startsAt;

/** Who a fair called off tells (its ticket holders, and any on its waiting list), as the page warns and the console then says. */
export function ticketHoldersTold(tickets: number, waiting = 0) {
  const students = (n: number) => (n === 1 ? "student" : `${n} students`);
  const who = [
    tickets ? `the ${students(tickets)} with ${tickets === 1 ? "a ticket" : "tickets"}` : "",
    waiting ? `the ${students(waiting)} on the waiting list` : "",
  ]
    .filter(Boolean)
    .join(" and ");
  if (!who) return "Nobody has a ticket.";
  return `${who[0]!.toUpperCase()}${who.slice(1)} ${tickets + waiting === 1 ? "is" : "are"} told by email.`;
}
export const cancellable = (fair: Fair, ticket: { checkedInAt: Date | null }, now: Date) =>
  now < fair.startsAt && ticket.checkedInAt === null;

/**
 * Whose tickets a university's staff check in at a fair's door: any at their own university's fair
 * (`null`: everyone's), their own students' at a platform-wide fair; another university's fair is not
 * theirs at all (`"none"`: its door page answers 404).
 */
export function doorScope(fair: Pick<Fair, "universityId">, staffUniversityId: number): number | null | "none" {
  if (fair.universityId === staffUniversityId) return null;
  return fair.universityId === null ? staffUniversityId : "none";
}

export type Ticket = { id: number; fairId: number; universityId: number | null };

export type DoorDecision = { kind: "already"; ticket: number } | { kind: "not-registered" } | { kind: "not-this-fair" };

/**
 * What the door answers a code it did not check in (the check-in itself is one conditional update,
 * which finds this door's ticket not yet checked in), from the tickets that carry the code (codes are
 * unique within a fair, so at most one is this fair's): this door's ticket was checked in already. A
 * ticket of this fair outside the door's scope (another university's student at a platform-wide fair)
 * is not one these staff may see: not registered, as far as they can tell. A code only other fairs'
 * tickets carry is the wrong fair's.
 */
export function doorDecision(door: { fairId: number; scope: number | null }, tickets: readonly Ticket[]): DoorDecision {
  const here = tickets.find((t) => t.fairId === door.fairId);
  if (here && (door.scope === null || here.universityId === door.scope)) return { kind: "already", ticket: here.id };
  if (!here && tickets.length) return { kind: "not-this-fair" };
  return { kind: "not-registered" };
}
