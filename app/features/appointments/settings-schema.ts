import { z } from "zod";
import "~/lib/zod-jitless";
import { isIsoDay } from "~/lib/dates";
import { isTimeZone } from "~/lib/time-zones";
import { validate } from "~/lib/validation";

/**
 * What the careers service's settings pages accept (pure, so the unit tests and the pages share it):
 * an adviser's weekly hours as "HH:MM-HH:MM" ranges by ISO weekday, their days off, horizon and notice,
 * how they offer each kind of appointment, the kinds themselves and the university's limit.
 */

export const WEEKDAYS = [
  { day: "1", name: "Monday" },
  { day: "2", name: "Tuesday" },
  { day: "3", name: "Wednesday" },
  { day: "4", name: "Thursday" },
  { day: "5", name: "Friday" },
  { day: "6", name: "Saturday" },
  { day: "7", name: "Sunday" },
] as const;
type Weekday = (typeof WEEKDAYS)[number]["day"];
type Weekly = Partial<Record<Weekday, readonly string[]>>;

const RANGE = /^([01]?\d|2[0-3]):([0-5]\d)\s*[-–]\s*([01]?\d|2[0-3]):([0-5]\d)$/;
const pad = (n: string) => n.padStart(2, "0");

/**
 * One day's hours as typed ("9:00-12:30, 14:00-17:00"; commas, semicolons or new lines between) into
 * the ranges the slots are cut from, in order: each a real time range, none overlapping another (an
 * overlap would offer the same time twice).
 */
export function parseHours(text: string): { ok: true; ranges: string[] } | { ok: false; message: string } {
  const parts = text
    .split(/[,;\n]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const ranges: { from: number; to: number; text: string }[] = [];
  for (const part of parts) {
    const m = RANGE.exec(part);
    if (!m) return { ok: false, message: `"${part}" is not a time range like 09:00-12:30` };
    const [, h1, m1, h2, m2] = m as unknown as [string, string, string, string, string];
    const from = Number(h1) * 60 + Number(m1);
    const to = Number(h2) * 60 + Number(m2);
    const text = `${pad(h1)}:${m1}-${pad(h2)}:${m2}`;
    if (to <= from) return { ok: false, message: `${text} ends before it starts` };
    ranges.push({ from, to, text });
  }
  ranges.sort((a, b) => a.from - b.from);
  for (let i = 1; i < ranges.length; i++)
    if (ranges[i]!.from < ranges[i - 1]!.to)
      return { ok: false, message: `${ranges[i - 1]!.text} and ${ranges[i]!.text} overlap` };
  if (ranges.length > 12) return { ok: false, message: "Give at most 12 ranges a day" };
  return { ok: true, ranges: ranges.map((r) => r.text) };
}

/** A day's ranges as the form shows them. */
export const hoursText = (ranges: readonly string[] | undefined) => (ranges ?? []).join(", ");

/** Days off as typed (YYYY-MM-DD, separated by commas, spaces or new lines): each a real day, in order, once. */
export function parseDaysOff(text: string): { ok: true; days: string[] } | { ok: false; message: string } {
  const days = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  ];
  const wrong = days.find((d) => !isIsoDay(d));
  if (wrong) return { ok: false, message: `"${wrong}" is not a day written like 2026-12-24` };
  if (days.length > 366) return { ok: false, message: "Give at most 366 days off" };
  return { ok: true, days: days.sort() };
}

/** A whole number from `min` to `max`; an empty field is no number (not 0). */
const whole = (what: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: `Enter ${what} as a whole number` })
      .int(`Enter ${what} as a whole number`)
      .min(min, `Enter ${what} from ${min} to ${max}`)
      .max(max, `Enter ${what} from ${min} to ${max}`),
  );

const hoursField = (name: string) =>
  z
    .string()
    .max(500, `Keep ${name}'s hours to 500 characters`)
    .transform((text, ctx) => {
      const parsed = parseHours(text);
      if (parsed.ok) return parsed.ranges;
      ctx.addIssue({ code: "custom", message: `${name}: ${parsed.message}` });
      return z.NEVER;
    });

/** An adviser's own settings, as posted: the time zone, an hours field per weekday ("hours-1" … "hours-7"), days off, horizon and notice. */
export const AdviserSettingsSchema = z
  .object({
    timeZone: z.string().trim().refine(isTimeZone, "Choose a time zone from the list"),
    ...(Object.fromEntries(WEEKDAYS.map((w) => [`hours-${w.day}`, hoursField(w.name)])) as Record<
      `hours-${Weekday}`,
      ReturnType<typeof hoursField>
    >),
    daysOff: z
      .string()
      .max(8000, "Keep the days off to 8,000 characters")
      .transform((text, ctx) => {
        const parsed = parseDaysOff(text);
        if (parsed.ok) return parsed.days;
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }),
    horizonDays: whole("how many days ahead", 1, 365),
    noticeHours: whole("the notice in hours", 0, 336),
  })
  .transform(({ timeZone, daysOff, horizonDays, noticeHours, ...hours }) => {
    const weekly: Weekly = {};
    for (const { day } of WEEKDAYS) {
      const ranges = hours[`hours-${day}`];
      if (ranges.length) weekly[day] = ranges;
    }
    return { timeZone, weekly, daysOff, horizonDays, noticeHours };
  });
export type AdviserSettings = z.output<typeof AdviserSettingsSchema>;
export const ADVISER_FIELDS = [
  "timeZone",
  ...WEEKDAYS.map((w) => `hours-${w.day}` as const),
  "daysOff",
  "horizonDays",
  "noticeHours",
] as const;

export type Offer = { typeId: number; mode: "online" | "in-person"; location: string };

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && !!url.hostname;
  } catch {
    return false;
  }
}

/** How an adviser offers one kind: not at all, online with the link students join by, or in person in a room. */
const OfferSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("none") }),
    z.object({
      mode: z.literal("online"),
      location: z
        .string()
        .trim()
        .max(300, "Keep the link to 300 characters")
        .refine(isHttpsUrl, "Enter the meeting link, starting https://"),
    }),
    z.object({
      mode: z.literal("in-person"),
      location: z.string().trim().min(1, "Enter the room").max(300, "Keep the room to 300 characters"),
    }),
  ],
  { error: "Choose not offered, online or in person" },
);

/**
 * How the adviser offers each of the university's kinds (`offer-{id}`: none, online or in person;
 * `location-{id}`: the meeting link or the room), or each field's problem.
 */
export function parseOffers(
  kindIds: readonly number[],
  form: (name: string) => string,
): { ok: true; offers: Offer[] } | { ok: false; fieldErrors: Record<string, string> } {
  const offers: Offer[] = [];
  const fieldErrors: Record<string, string> = {};
  for (const id of kindIds) {
    const checked = validate(OfferSchema, { mode: form(`offer-${id}`) || "none", location: form(`location-${id}`) });
    if (!checked.success) {
      for (const [field, message] of Object.entries(checked.fieldErrors))
        fieldErrors[field === "location" ? `location-${id}` : `offer-${id}`] = message!;
    } else if (checked.data.mode !== "none") offers.push({ typeId: id, ...checked.data });
  }
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, offers };
}

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** A kind of appointment: its name, its length (10 to 180 minutes), what it is for, and whether students may book it. */
export const KindSchema = z.object({
  name: z.string().trim().min(1, "Enter the name of the kind of appointment").max(80, "Keep the name to 80 characters"),
  minutes: whole("the length in minutes", 10, 180),
  description: z
    .string()
    .trim()
    .max(500, "Keep the description to 500 characters")
    .transform((s) => s || null),
  active: checkbox,
});
export const KIND_FIELDS = ["name", "minutes", "description", "active"] as const;

/** How many future appointments one student may hold at once. */
export const LimitSchema = z.object({ limit: whole("the limit", 1, 10) });
