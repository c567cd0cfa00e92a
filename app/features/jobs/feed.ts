import { z } from "zod";
import { JOB_TYPES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";
import { readCsv } from "~/lib/csv-reader";
import { isIsoDay } from "~/lib/dates";

/**
 * The job feed `npm run jobs:import` takes: JSON Lines (one object a line) or CSV (a header row with
 * these names). One file is one source's whole feed: a job it no longer lists is closed.
 */
export const FEED_FIELDS = [
  "id",
  "title",
  "employer",
  "town",
  "region",
  "country",
  "remote",
  "salary",
  "salary_min",
  "salary_max",
  "salary_currency",
  "salary_period",
  "hours_per_week",
  "type",
  "soc",
  "description",
  "apply_url",
  "apply_email",
  "posted_at",
  "closing_date",
] as const;

const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

// CSV gives every value as text; JSON Lines may give numbers. Both arrive here.
const optionalNumber = (what: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()], { error: `${what} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const n = typeof v === "number" ? v : Number(v.replace(/,/g, ""));
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `${what} must be a number from ${min} to ${max.toLocaleString("en-GB")}`,
        });
        return z.NEVER;
      }
      return n;
    });

const instant = z
  .string({ error: "posted_at is required, as YYYY-MM-DD or an ISO date and time" })
  .trim()
  .transform((v, ctx) => {
    const at = isIsoDay(v) ? new Date(`${v}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : null;
    if (!at || Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: "posted_at must be YYYY-MM-DD or an ISO date and time" });
      return z.NEVER;
    }
    return at;
  });

/** A description as the feed gives it: Markdown. Also the check an imported provider's description meets once made Markdown. */
export const DescriptionSchema = z
  .string({ error: "description is required" })
  .trim()
  .min(1, "description is required")
  .max(50_000, "description is at most 50,000 characters");

const RecordFields = z.object({
  id: z.string({ error: "id is required" }).trim().min(1, "id is required").max(200, "id is at most 200 characters"),
  title: z
    .string({ error: "title is required" })
    .trim()
    .min(2, "title is required")
    .max(200, "title is at most 200 characters"),
  employer: z
    .string({ error: "employer is required" })
    .trim()
    .min(1, "employer is required")
    .max(200, "employer is at most 200 characters"),
  town: optionalText(100, "town"),
  region: optionalText(100, "region"),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => v || "GB")
    .pipe(z.string().regex(/^[A-Z]{2}$/, "country is a two-letter ISO code, like GB")),
  remote: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "on-site")
    .pipe(z.enum(WORK_ARRANGEMENTS, { error: `remote is one of ${WORK_ARRANGEMENTS.join(", ")}` })),
  salary: optionalText(200, "salary"),
  salary_min: optionalNumber("salary_min", 0.01, 10_000_000),
  salary_max: optionalNumber("salary_max", 0.01, 10_000_000),
  salary_currency: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{3}$/, "salary_currency is a three-letter ISO code, like GBP")
        .optional(),
    ),
  salary_period: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .enum(["year", "month", "week", "day", "hour"], { error: "salary_period is year, month, week, day or hour" })
        .optional(),
    ),
  hours_per_week: optionalNumber("hours_per_week", 1, 100),
  type: z
    .string({ error: "type is required" })
    .trim()
    .pipe(z.enum(JOB_TYPES, { error: `type is one of ${JOB_TYPES.join(", ")}` })),
  soc: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^\d{4}$/, "soc is a four-digit SOC 2020 code")
        .optional(),
    ),
  description: DescriptionSchema,
  apply_url: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: "apply_url must be an http(s) address" }).optional()),
  apply_email: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.email("apply_email must be an email address").optional()),
  posted_at: instant,
  closing_date: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().refine(isIsoDay, "closing_date must be a date as YYYY-MM-DD").optional()),
});

type RecordRules = Pick<
  z.output<typeof RecordFields>,
  "apply_url" | "apply_email" | "salary_min" | "salary_max" | "salary_period"
>;

function recordRules(r: RecordRules, ctx: z.RefinementCtx) {
  if (!r.apply_url && !r.apply_email)
    ctx.addIssue({ code: "custom", path: ["apply_url"], message: "give apply_url or apply_email: how to apply" });
  if (r.salary_min !== undefined && r.salary_max !== undefined && r.salary_min > r.salary_max) {
    ctx.addIssue({ code: "custom", path: ["salary_min"], message: "salary_min is more than salary_max" });
  }
  if ((r.salary_min !== undefined || r.salary_max !== undefined) && !r.salary_period) {
    ctx.addIssue({
      code: "custom",
      path: ["salary_period"],
      message: "salary_period is required with salary_min or salary_max",
    });
  }
}

export const FeedRecordSchema = RecordFields.strict().superRefine(recordRules);

/**
 * A job source's record: a feed record whose description is the provider's HTML. The import makes it
 * Markdown batch by batch, on its second thread beside the statements, where the description's own
 * checks (DescriptionSchema) are met or the record is reported; a large source's conversions made on
 * this thread before the import were a quarter of its first run.
 */
export const SourceRecordSchema = RecordFields.omit({ description: true })
  .extend({
    description_html: z
      .string({ error: "description is required" })
      .trim()
      .min(1, "description is required")
      .max(500_000, "description is at most 500,000 characters of HTML"),
  })
  .strict()
  .superRefine(recordRules);

export type FeedRecord = z.output<typeof FeedRecordSchema>;
export type SourceRecord = z.output<typeof SourceRecordSchema>;
/** What an import takes: a feed's records and a source's alike, each with its line (its place in the answer). */
export type ImportRecord = (FeedRecord | SourceRecord) & { line: number };
export type FeedProblem = { line: number; message: string };

function problemsOf(line: number, error: z.ZodError): FeedProblem[] {
  return error.issues.map((issue) => ({
    line,
    message:
      issue.code === "unrecognized_keys"
        ? `unknown field ${issue.keys.join(", ")}; the fields are ${FEED_FIELDS.join(", ")}`
        : issue.message,
  }));
}

/**
 * Reads a whole feed, collecting every bad line with its number (the header is line 1 of a CSV);
 * an id given twice is a problem on its second line.
 */
export async function readFeed(
  text: AsyncIterable<string>,
  format: "jsonl" | "csv",
): Promise<{ records: (FeedRecord & { line: number })[]; problems: FeedProblem[] }> {
  const records: (FeedRecord & { line: number })[] = [];
  const problems: FeedProblem[] = [];
  const seen = new Map<string, number>();
  const take = (line: number, raw: unknown) => {
    const parsed = FeedRecordSchema.safeParse(raw);
    if (!parsed.success) return void problems.push(...problemsOf(line, parsed.error));
    const first = seen.get(parsed.data.id);
    if (first !== undefined)
      return void problems.push({ line, message: `id ${parsed.data.id} is already on line ${first}` });
    seen.set(parsed.data.id, line);
    records.push({ ...parsed.data, line });
  };
  if (format === "csv") {
    let header: string[] | null = null;
    for await (const { line, fields } of readCsv(text)) {
      if (!header) {
        header = fields.map((f) => f.trim());
        const unknown = header.filter((h) => !(FEED_FIELDS as readonly string[]).includes(h));
        if (unknown.length)
          problems.push({
            line,
            message: `unknown column ${unknown.join(", ")}; the columns are ${FEED_FIELDS.join(", ")}`,
          });
        continue;
      }
      take(
        line,
        Object.fromEntries(
          header
            .map((name, i) => [name, fields[i] ?? ""])
            .filter(([name]) => (FEED_FIELDS as readonly string[]).includes(name!)),
        ),
      );
    }
    return { records, problems };
  }
  let buffer = "";
  let line = 0;
  const takeLine = (textLine: string) => {
    line += 1;
    if (!textLine.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(textLine);
    } catch {
      return void problems.push({ line, message: "not a JSON object" });
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      return void problems.push({ line, message: "not a JSON object" });
    take(line, raw);
  };
  for await (const chunk of text) {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n")) >= 0) {
      takeLine(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
    }
  }
  if (buffer) takeLine(buffer);
  return { records, problems };
}
