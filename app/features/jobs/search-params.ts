import { z } from "zod";
import { JOB_TYPES, SPONSORSHIP_STATUSES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";
import { POSTED_WITHIN_DAYS, SEARCH_PARAMS, SORTS } from "./search-values";

/** An empty parameter is one not given (a form sends every field); the others are trimmed. */
const optional = <T extends z.ZodType>(value: T) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    value.optional(),
  );

const whole = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${what} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${what} must be from ${min} to ${max.toLocaleString("en-GB")}`);

/** A job search as the address carries it: every filter optional, each checked, each named when wrong. */
export const JobSearchSchema = z.object({
  q: optional(z.string().max(200, "q is at most 200 characters")),
  location: optional(z.string().max(100, "location is at most 100 characters")),
  type: optional(z.enum(JOB_TYPES, { error: `type is one of ${JOB_TYPES.join(", ")}` })),
  sponsorship: optional(
    z.enum(SPONSORSHIP_STATUSES, { error: `sponsorship is one of ${SPONSORSHIP_STATUSES.join(", ")}` }),
  ),
  salary_min: optional(whole("salary_min", 0, 10_000_000)),
  remote: optional(z.enum(WORK_ARRANGEMENTS, { error: `remote is one of ${WORK_ARRANGEMENTS.join(", ")}` })),
  posted_within: optional(
    z
      .string()
      .transform(Number)
      .refine(
        (n): n is (typeof POSTED_WITHIN_DAYS)[number] => (POSTED_WITHIN_DAYS as readonly number[]).includes(n),
        `posted_within is one of ${POSTED_WITHIN_DAYS.join(", ")} (days)`,
      ),
  ),
  sort: optional(z.enum(SORTS, { error: `sort is one of ${SORTS.join(", ")}` })),
  page: optional(whole("page", 1, 10_000)),
});

export type JobSearch = z.output<typeof JobSearchSchema>;

/** The search of an address's query: the first value of each name; an unknown name is a problem too. */
export function readJobSearch(
  params: URLSearchParams,
): { ok: true; search: JobSearch } | { ok: false; errors: { field: string; reason: string }[] } {
  const raw: Record<string, string> = {};
  const errors: { field: string; reason: string }[] = [];
  for (const [name, value] of params) {
    if (!(SEARCH_PARAMS as readonly string[]).includes(name))
      errors.push({ field: name, reason: `Unknown parameter; the parameters are ${SEARCH_PARAMS.join(", ")}` });
    else if (!(name in raw)) raw[name] = value;
  }
  const parsed = JobSearchSchema.safeParse(raw);
  if (!parsed.success)
    errors.push(...parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? "query"), reason: i.message })));
  return errors.length || !parsed.success ? { ok: false, errors } : { ok: true, search: parsed.data };
}
