import { z } from "zod";
import "~/lib/zod-jitless";
import { WORKSHOP_FORMATS } from "~/db/schema/booking-values";
import { isIsoDay } from "~/lib/dates";
import { EmailField } from "~/lib/email-field";
import { FullNameField } from "~/lib/name-field";
import { isTimeZone, zonedTime } from "~/lib/time-zones";

/** A visitor's registration: who they are (a logged-in person's come from their account). */
export const RegistrationSchema = z.object({
  workshop: z.coerce.number().int().positive(),
  name: FullNameField,
  email: EmailField,
});

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A university admin's new workshop for their students: the day and time in the event's time zone. */
export const WorkshopSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(5, "Give the workshop a title of at least 5 characters")
      .max(120, "Titles are at most 120 characters"),
    summary: z
      .string()
      .trim()
      .min(20, "Say in at least 20 characters what the workshop covers")
      .max(600, "The summary must be 600 characters or fewer"),
    day: z.string().trim().refine(isIsoDay, "Enter the date as a date like 2026-12-03"),
    time: z.string().trim().regex(TIME, "Enter the start time as hours and minutes, like 14:00"),
    minutes: z.coerce
      .number({ error: "Choose how long it lasts" })
      .int()
      .min(15, "A workshop lasts at least 15 minutes")
      .max(480, "A workshop lasts at most 8 hours"),
    timeZone: z.string().trim().refine(isTimeZone, "Choose the event's time zone from the list"),
    format: z.enum(WORKSHOP_FORMATS, { error: "Choose whether it is online or in person" }),
    joinUrl: z.string().trim().optional().default(""),
    venue: z.string().trim().max(200, "The venue must be 200 characters or fewer").optional().default(""),
    capacity: z.coerce
      .number({ error: "Enter how many people it can take" })
      .int("Enter a whole number of places")
      .min(1, "It needs at least 1 place")
      .max(2000, "At most 2,000 places"),
  })
  .superRefine((v, ctx) => {
    if (v.format === "online" && !/^https:\/\/[^\s]+$/.test(v.joinUrl))
      ctx.addIssue({ code: "custom", path: ["joinUrl"], message: "Enter the joining link, starting https://" });
    if (v.format === "in-person" && v.venue.length < 3)
      ctx.addIssue({ code: "custom", path: ["venue"], message: "Enter the venue: the building and room" });
  })
  .transform((v) => {
    const startsAt = zonedTime(v.day, v.time, v.timeZone);
    return { ...v, startsAt, endsAt: new Date(startsAt.getTime() + v.minutes * 60_000) };
  });

export type WorkshopInput = z.output<typeof WorkshopSchema>;
export const WORKSHOP_FIELDS = [
  "title",
  "summary",
  "day",
  "time",
  "minutes",
  "timeZone",
  "format",
  "joinUrl",
  "venue",
  "capacity",
] as const;
