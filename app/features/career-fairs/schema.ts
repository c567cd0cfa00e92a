import { z } from "zod";
import "~/lib/zod-jitless";
import { WORKSHOP_FORMATS } from "~/db/schema/booking-values";
import { isIsoDay } from "~/lib/dates";
import { isTimeZone, zonedTime } from "~/lib/time-zones";
import { normaliseCode } from "./code";

/** More places than any hall holds or any online platform's event takes. */
const MAX_PLACES = 100_000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (message: string) => z.string().trim().regex(TIME, message);

/** A fair's details: one day, its start and end in its own time zone, and where (a place, or a link). */
export const FairSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(5, "Give the fair a title of at least 5 characters")
      .max(120, "Titles are at most 120 characters"),
    summary: z
      .string()
      .trim()
      .min(20, "Say in at least 20 characters who the fair is for and what is on")
      .max(1000, "The description must be 1,000 characters or fewer"),
    day: z.string().trim().refine(isIsoDay, "Enter the date as a date like 2027-03-04"),
    start: time("Enter the start time as hours and minutes, like 10:00"),
    end: time("Enter the end time as hours and minutes, like 16:00"),
    timeZone: z.string().trim().refine(isTimeZone, "Choose the fair's time zone from the list"),
    format: z.enum(WORKSHOP_FORMATS, { error: "Choose whether it is in person or online" }),
    venue: z.string().trim().max(200, "The place must be 200 characters or fewer").optional().default(""),
    joinUrl: z.string().trim().max(500, "The link must be 500 characters or fewer").optional().default(""),
    // Empty: no limit.
    capacity: z
      .string()
      .trim()
      .optional()
      .default("")
      .refine(
        (v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_PLACES),
        "Enter the number of places as a whole number from 1 to 100,000, or leave it empty for no limit",
      )
      .transform((v) => (v === "" ? null : Number(v))),
  })
  .superRefine((v, ctx) => {
    if (TIME.test(v.start) && TIME.test(v.end) && v.end <= v.start)
      ctx.addIssue({ code: "custom", path: ["end"], message: "The fair must end after it starts" });
    if (v.format === "online" && !/^https:\/\/\S+$/.test(v.joinUrl))
      ctx.addIssue({ code: "custom", path: ["joinUrl"], message: "Enter the link to join, starting https://" });
    if (v.format === "in-person" && v.venue.length < 3)
      ctx.addIssue({ code: "custom", path: ["venue"], message: "Enter the place: the building and its address" });
  })
  .transform((v) => ({
    ...v,
    startsAt: zonedTime(v.day, v.start, v.timeZone),
    endsAt: zonedTime(v.day, v.end, v.timeZone),
  }));

export type FairInput = z.output<typeof FairSchema>;
export const FAIR_FIELDS = [
  "title",
  "summary",
  "day",
  "start",
  "end",
  "timeZone",
  "format",
  "venue",
  "joinUrl",
  "capacity",
] as const;
export type FairField = (typeof FAIR_FIELDS)[number];

/** An exhibitor: a verified employer chosen from the list, or a name typed in, not both. */
export const ExhibitorSchema = z
  .object({
    organisation: z.union([z.literal(""), z.coerce.number().int().positive().max(2_147_483_647)], {
      error: "Choose an employer from the list",
    }),
    name: z.string().trim().max(120, "Names are at most 120 characters"),
  })
  .superRefine((v, ctx) => {
    if (v.organisation === "" && v.name.length < 2)
      ctx.addIssue({ code: "custom", path: ["organisation"], message: "Choose an employer, or type its name" });
    if (v.organisation !== "" && v.name)
      ctx.addIssue({ code: "custom", path: ["name"], message: "Choose an employer or type a name, not both" });
  })
  .transform((v) => (v.organisation === "" ? { name: v.name } : { organisation: v.organisation }));

export const EXHIBITOR_FIELDS = ["organisation", "name"] as const;
export type ExhibitorField = (typeof EXHIBITOR_FIELDS)[number];

/** A talk of the timetable: its times on the fair's day. */
export const TalkSchema = z
  .object({
    talkTitle: z
      .string()
      .trim()
      .min(3, "Give the talk a title of at least 3 characters")
      .max(120, "Titles are at most 120 characters"),
    speaker: z.string().trim().min(2, "Say who gives the talk").max(120, "At most 120 characters"),
    talkStart: time("Enter when it starts, like 11:00"),
    talkEnd: time("Enter when it ends, like 11:30"),
    room: z.string().trim().max(80, "The room must be 80 characters or fewer"),
  })
  .superRefine((v, ctx) => {
    if (TIME.test(v.talkStart) && TIME.test(v.talkEnd) && v.talkEnd <= v.talkStart)
      ctx.addIssue({ code: "custom", path: ["talkEnd"], message: "The talk must end after it starts" });
  });

export type TalkInput = z.output<typeof TalkSchema>;
export const TALK_FIELDS = ["talkTitle", "speaker", "talkStart", "talkEnd", "room"] as const;
export type TalkField = (typeof TALK_FIELDS)[number];

/** The code typed (or scanned) at the door. */
export const CodeSchema = z.object({
  code: z.string({ error: "Enter the ticket's code" }).transform((s, ctx) => {
    const code = normaliseCode(s);
    if (!code) ctx.addIssue({ code: "custom", message: "A ticket's code is 8 letters and digits, like 7K2M-Q9XD" });
    return code ?? "";
  }),
});
