import { z } from "zod";
import { WORKSHOP_FORMATS } from "~/db/schema/booking-values";
import { isoDate, text } from "~/features/content";
import { isTimeZone } from "~/lib/time-zones";

// The front matter of content/workshops/<slug>.md: the platform's own workshops (content/README.md).

const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time written HH:MM");

export const workshopFileSchema = z
  .strictObject({
    title: text(120),
    summary: text(600),
    /** The day and start time in the event's time zone. */
    day: isoDate,
    time: localTime,
    timeZone: z.string().refine(isTimeZone, "must be a time zone such as Europe/London"),
    minutes: z.number().int().min(15).max(480),
    format: z.enum(WORKSHOP_FORMATS),
    joinUrl: z.url({ protocol: /^https$/, error: "must be an https:// address" }).optional(),
    venue: text(200).optional(),
    capacity: z.number().int().min(1).max(10_000),
    /** Once it has taken place: its recording, a page of the site ("/cih/standard/…") or an https address. */
    recording: z
      .string()
      .regex(/^(\/[a-z0-9/-]+|https:\/\/\S+)$/, "must be a page of the site (/cih/standard/…) or an https:// address")
      .optional(),
    /** A cancelled workshop stays listed nowhere; those registered are told. */
    status: z.enum(["published", "cancelled"]).optional(),
  })
  .refine((w) => w.format !== "online" || w.joinUrl, {
    message: "an online workshop needs its joinUrl",
    path: ["joinUrl"],
  })
  .refine((w) => w.format !== "in-person" || w.venue, {
    message: "an in-person workshop needs its venue",
    path: ["venue"],
  });
