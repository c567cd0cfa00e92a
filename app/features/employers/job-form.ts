import { z } from "zod";
import { JOB_TYPES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";
import { isIsoDay } from "~/lib/dates";

/** The job form's fields, in the order the form shows them (and the error summary lists them): the job feeds' fields. */
export const JOB_FIELDS = [
  "title",
  "type",
  "town",
  "region",
  "country",
  "remote",
  "salary_min",
  "salary_max",
  "salary_period",
  "salary",
  "hours_per_week",
  "soc",
  "description",
  "closing_date",
  "apply_url",
] as const;
export type JobField = (typeof JOB_FIELDS)[number];
export type JobFormValues = Partial<Record<JobField, string>>;

/** The periods a salary may be given for, as the feeds take them; the job keeps a year's or an hour's. */
export const FORM_PAY_PERIODS = ["year", "month", "week", "day", "hour"] as const;

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .transform((v) => v || null);

const number = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = Number(v.replace(/[£,]/g, ""));
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `${what} must be a number from ${min} to ${max.toLocaleString("en-GB")}`,
        });
        return z.NEVER;
      }
      return n;
    });

/**
 * The job form, checked at the edge; `today` (London) is the earliest closing date. Every field is
 * a string as a form posts it; empty optional ones become null.
 */
export function jobFormSchema(today: string) {
  return z
    .object({
      title: z.string().trim().min(2, "Enter the job's title").max(200, "The title must be at most 200 characters"),
      type: z.enum(JOB_TYPES, { error: "Choose the type of job" }),
      town: text(100, "The town"),
      region: text(100, "The region"),
      country: z
        .string()
        .trim()
        .toUpperCase()
        .transform((v) => v || "GB")
        .pipe(z.string().regex(/^[A-Z]{2}$/, "The country is a two-letter code, like GB")),
      remote: z.enum(WORK_ARRANGEMENTS, { error: "Choose where the work is done" }),
      salary_min: number("The lowest salary", 0.01, 10_000_000),
      salary_max: number("The highest salary", 0.01, 10_000_000),
      salary_period: z
        .string()
        .trim()
        .transform((v) => v || null)
        .pipe(z.enum(FORM_PAY_PERIODS, { error: "Choose what the salary is paid for" }).nullable()),
      salary: text(200, "The salary in words"),
      hours_per_week: number("The hours a week", 1, 100),
      soc: z
        .string()
        .trim()
        .transform((v) => v || null)
        .pipe(
          z
            .string()
            .regex(/^\d{4}$/, "The occupation is a four-digit SOC 2020 code")
            .nullable(),
        ),
      description: z
        .string()
        .trim()
        .min(1, "Describe the job")
        .max(50_000, "The description must be at most 50,000 characters"),
      closing_date: z
        .string()
        .trim()
        .transform((v) => v || null)
        .pipe(
          z
            .string()
            .refine(isIsoDay, "The closing date must be a date")
            .refine((v) => v >= today, "The closing date must be today or later")
            .nullable(),
        ),
      apply_url: z
        .string()
        .trim()
        .transform((v) => v || null)
        .pipe(
          z.url({ protocol: /^https?$/, error: "Your page for the job must be a web address (https://…)" }).nullable(),
        ),
    })
    .superRefine((r, ctx) => {
      if (r.salary_min !== null && r.salary_max !== null && r.salary_min > r.salary_max)
        ctx.addIssue({ code: "custom", path: ["salary_min"], message: "The lowest salary is more than the highest" });
      if ((r.salary_min !== null || r.salary_max !== null) && !r.salary_period)
        ctx.addIssue({ code: "custom", path: ["salary_period"], message: "Choose what the salary is paid for" });
    });
}

export type JobForm = z.output<ReturnType<typeof jobFormSchema>>;

/** A posted form's values, as typed (for the form to show again, and for the live verdict). */
export function jobFormValues(form: { get(name: string): unknown }): Record<JobField, string> {
  return Object.fromEntries(
    JOB_FIELDS.map((f) => {
      const v = form.get(f);
      return [f, typeof v === "string" ? v : ""];
    }),
  ) as Record<JobField, string>;
}

type TermField = "salary_min" | "salary_max" | "salary_period" | "salary" | "hours_per_week" | "soc" | "country";

/**
 * What the live verdict reads of a form however unfinished: each of the verdict's fields checked on
 * its own, one that does not pass being as if not given.
 */
export function termsOfValues(values: JobFormValues, today: string): Pick<JobForm, TermField> {
  const shape = jobFormSchema(today).shape;
  const read = <K extends TermField>(name: K): JobForm[K] | null => {
    const parsed = shape[name].safeParse(values[name] ?? "");
    return parsed.success ? (parsed.data as JobForm[K]) : null;
  };
  return {
    salary_min: read("salary_min"),
    salary_max: read("salary_max"),
    salary_period: read("salary_period"),
    salary: read("salary"),
    hours_per_week: read("hours_per_week"),
    soc: read("soc"),
    country: read("country") ?? "GB",
  };
}
