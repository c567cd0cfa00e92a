// What /ops/users shows and offers, in a module its pages can import (no database code).
import type { Role } from "~/lib/roles";

export const ROLE_LABELS: Record<Role, string> = {
  student: "Student",
  university_admin: "University admin",
  predeparture_student: "Pre-departure student",
  platform_staff: "Platform staff",
  employer: "Employer",
};

/** The changes a member of staff can make to a person's account, by the form's `intent`. */
export const PERSON_ACTIONS = [
  "deactivate",
  "reactivate",
  "access",
  "end-sessions",
  "resend-confirmation",
  "withdraw-verification",
] as const;
export type PersonAction = (typeof PERSON_ACTIONS)[number];

/** The longest reason staff may give for withdrawing an organisation's verification (it is emailed). */
export const WITHDRAWAL_REASON_MAX = 1_000;

/** Actions that ask for a fresh authentication code: granting flags and ending someone's sessions (issue 30). */
export const SENSITIVE: ReadonlySet<PersonAction> = new Set(["access", "end-sessions"]);

/** What may be done to another member of staff: take their access away, or give it back. */
const ON_STAFF: ReadonlySet<PersonAction> = new Set(["deactivate", "reactivate", "end-sessions"]);

/**
 * Whether a member of staff may make a change to an account, whatever state it is in: never to their
 * own (another member of staff does that, so nobody locks themselves out or grants themselves
 * anything), to another member of staff only deactivation and its undoing and ending their sessions,
 * and anything to everyone else. Null when allowed, else why not.
 */
export function refusalOf(action: PersonAction, staffId: number, target: { id: number; role: Role }): string | null {
  if (target.id === staffId) return "This is your own account: another member of staff can change it.";
  if (target.role === "platform_staff" && !ON_STAFF.has(action))
    return "A member of staff's account can only be deactivated, reactivated or have its sessions ended.";
  return null;
}

const MOMENT = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

/** A moment as UK time, "28 Nov 2026, 10:45". */
export const formatMoment = (iso: string) => MOMENT.format(new Date(iso));
