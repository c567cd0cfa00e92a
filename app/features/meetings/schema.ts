import { z } from "zod";
import "~/lib/zod-jitless";
import { MEETING_ROLES } from "~/db/schema/booking-values";
import { EmailField } from "~/lib/email-field";
import { FullNameField } from "~/lib/name-field";
import { isTimeZone } from "~/lib/time-zones";

const Slot = z.iso.datetime({ error: "Choose a time for the meeting" }).transform((s) => new Date(s));
const Zone = z.string().trim().refine(isTimeZone, "Choose your time zone from the list").catch("Europe/London");

/** The booking form, as posted (the honeypot aside). */
export const BookingSchema = z.object({
  slot: Slot,
  tz: Zone,
  name: FullNameField,
  email: EmailField,
  role: z.enum(MEETING_ROLES, { error: "Choose what describes you best" }),
  organisation: z
    .string()
    .trim()
    .max(120, "The organisation's name must be 120 characters or fewer")
    .optional()
    .default(""),
  topic: z.string().trim().max(1000, "Tell us in 1,000 characters or fewer").optional().default(""),
});
export type BookingInput = z.output<typeof BookingSchema>;

/** Moving a booking: the new time, from the signed link's page. */
export const MoveSchema = z.object({ slot: Slot, tz: Zone });

export const BOOKING_FIELDS = ["slot", "name", "email", "role", "organisation", "topic"] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
