import { z } from "zod";

/** The kinds of job source: applicant tracking systems' boards, job-search APIs, schema.org pages, our feed files. */
export const JOB_SOURCE_KINDS = [
  "greenhouse",
  "lever",
  "ashby",
  "workable",
  "smartrecruiters",
  "recruitee",
  "teamtailor",
  "adzuna",
  "reed",
  "jsonld",
  "feed",
] as const;
export type JobSourceKind = (typeof JOB_SOURCE_KINDS)[number];

/** How often a source runs unless told: every 6 hours. */
export const DEFAULT_EVERY_MINUTES = 360;
/** No source runs more often than every 15 minutes (a board's jobs do not change faster), nor less than weekly. */
const EVERY_LIMITS = { min: 15, max: 7 * 24 * 60 };
/** Runs failed in a row from which a source is flagged. */
export const FAILING_AFTER = 3;

/** "6h", "30m", "1d" (or a number of minutes) as minutes, or null. */
export function parseEvery(text: string): number | null {
  const match = /^(\d{1,5})\s*(m|min|h|d)?$/i.exec(text.trim());
  if (!match) return null;
  const unit = (match[2] ?? "m").toLowerCase();
  return Number(match[1]) * (unit === "d" ? 1440 : unit === "h" ? 60 : 1);
}

/** "every 6 hours", as a list shows it. */
export function everyText(minutes: number): string {
  if (minutes % 1440 === 0) return `every ${minutes / 1440 === 1 ? "day" : `${minutes / 1440} days`}`;
  if (minutes % 60 === 0) return `every ${minutes / 60 === 1 ? "hour" : `${minutes / 60} hours`}`;
  return `every ${minutes} minutes`;
}

export const NewSourceSchema = z.object({
  kind: z.enum(JOB_SOURCE_KINDS, { error: `The kind must be one of ${JOB_SOURCE_KINDS.join(", ")}` }),
  url: z
    .string({ error: "Enter the source's address" })
    .trim()
    .max(2000, "The address is at most 2,000 characters")
    .refine((u) => {
      try {
        return ["http:", "https:"].includes(new URL(u).protocol);
      } catch {
        return false;
      }
    }, "The address must be a full http or https URL"),
  employer: z
    .string()
    .trim()
    .max(160, "The employer's name is at most 160 characters")
    .optional()
    .transform((v) => v || null),
  everyMinutes: z
    .number({ error: "How often must be like 30m, 6h or 1d" })
    .int()
    .min(EVERY_LIMITS.min, `A source runs at most every ${EVERY_LIMITS.min} minutes`)
    .max(EVERY_LIMITS.max, "A source runs at least once a week")
    .default(DEFAULT_EVERY_MINUTES),
});
export type NewSource = z.output<typeof NewSourceSchema>;
