import { z } from "zod";
import { JOB_TYPES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";
import { SourceRecordSchema } from "~/features/jobs";
import { htmlToText } from "~/lib/markdown.server";

/**
 * A record as an adapter writes it, before SourceRecordSchema reads it (as a feed file's line is read):
 * the feed's fields, with the provider's description HTML as it came (the import makes it Markdown).
 */
export type SourceRecordInput = z.input<typeof SourceRecordSchema>;
/** What a mapping gives before the source's schema has checked it: any field may be missing. */
export type RecordDraft = { [K in keyof SourceRecordInput]?: SourceRecordInput[K] | null };
export type AdapterProblem = { id?: string; message: string };
export type AdaptResult = {
  records: SourceRecordInput[];
  problems: AdapterProblem[];
  /** The next page's address, when the API pages and this was not the last page. */
  next?: string;
};
/** `url` is the address the answer came from (a page of a paged API is its own address). */
export type AdapterSource = { url: string; employer?: string };
export type SourceRequest = { url: string; headers: Record<string, string> };

export type Adapter = {
  /** What the fetcher reads the answer as before handing it over: parsed JSON, or the page's text. */
  answer: "json" | "text";
  /** The address to fetch for a source's URL: the query parameters the API needs to give the whole job. */
  requestUrl(sourceUrl: string): string;
  /** For an API that needs a key (kept in configuration): the request carrying it. */
  authorize?(url: string, key: string): SourceRequest;
  adapt(answer: unknown, source: AdapterSource): AdaptResult;
  /**
   * For an API whose list leaves out what `adapt` needs (SmartRecruiters' descriptions): the answer with
   * each item completed from its own address, which the run fetches (null when that fetch failed).
   */
  expand?(answer: unknown, fetchJson: (url: string) => Promise<unknown>): Promise<unknown>;
};

export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [name, value] of Object.entries(params)) if (!u.searchParams.has(name)) u.searchParams.set(name, value);
  return u.toString();
}

/** A zod error as one line a person reads in a run report: where, then what. */
export function describeShape(what: string, error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.length ? issue.path.join(".") : "the answer";
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
  return `${what} is not in the shape expected: ${shown.join("; ")}${more}`;
}

/**
 * Reads the answer's outer shape, then each job on its own, so that one odd job is a problem and the rest
 * still import. Every record is checked against the source's schema here, so what an adapter returns imports
 * (but for a description that comes out empty or too long once made Markdown, which the import reports).
 */
export function adaptEach<J>(
  what: string,
  jobs: unknown[],
  jobSchema: z.ZodType<J>,
  idOf: (raw: unknown, index: number) => string | undefined,
  map: (job: J, id: string | undefined) => RecordDraft,
): Pick<AdaptResult, "records" | "problems"> {
  const records: SourceRecordInput[] = [];
  const problems: AdapterProblem[] = [];
  const seen = new Set<string>();
  jobs.forEach((raw, i) => {
    const id = idOf(raw, i);
    const parsed = jobSchema.safeParse(raw);
    if (!parsed.success)
      return void problems.push({ id, message: describeShape(`${what} job ${id ?? i + 1}`, parsed.error) });
    const record = compact(map(parsed.data, id));
    const checked = SourceRecordSchema.safeParse(record);
    if (!checked.success)
      return void problems.push({
        id: record.id || id,
        message: `${what} job ${record.id || id || i + 1}: ${checked.error.issues.map((issue) => issue.message).join("; ")}`,
      });
    if (seen.has(record.id))
      return void problems.push({ id: record.id, message: `${what} lists job ${record.id} twice` });
    seen.add(record.id);
    records.push(record);
  });
  return { records, problems };
}

export function idField(raw: unknown, ...names: string[]): string | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  for (const name of names) {
    const value = (raw as Record<string, unknown>)[name];
    if (typeof value === "string" || typeof value === "number") return String(value);
  }
  return undefined;
}

/** Text or a number as text; providers write ids and amounts either way. */
export const textish = z.union([z.string(), z.number()]).transform((v) => String(v));
export const maybe = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

/** A title or a name that may carry HTML (a search API's highlighting) as plain text. */
export function plainText(html: string): string {
  return unescapeHtml(htmlToText(html));
}

/** The `&lt;p&gt;` of an API that escapes its HTML once more (Greenhouse), back to HTML. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(lt|gt|quot|#39|#x27|apos|amp);/g, (_, name: string) =>
    name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : name === "amp" ? "&" : "'",
  );
}

// ---- type and arrangement ----

type JobType = (typeof JOB_TYPES)[number];
type WorkArrangement = (typeof WORK_ARRANGEMENTS)[number];

/**
 * A provider's employment type ("Full-time", "PART_TIME", "Intern", "fixed_term", "contractor") as one of
 * JOB_TYPES; a type it does not name (permanent, other, none) is full-time, as most listed jobs are.
 */
export function jobType(...texts: (string | null | undefined)[]): JobType {
  // Whole words only: a title read for its type ("Contemporary Art Curator") must not match "temp".
  const text = texts.filter(Boolean).join(" ").toLowerCase();
  if (/\bgraduate\b/.test(text)) return "graduate-scheme";
  if (/\b(?:intern|internship|placement|trainee|apprentice|apprenticeship)\b/.test(text)) return "internship";
  if (/\bpart[\s_-]?time\b/.test(text)) return "part-time";
  if (/\b(?:contract|contractor|freelance|freelancer)\b/.test(text)) return "contract";
  if (/\b(?:temp|temporary|fixed[\s_-]?term|seasonal|per[\s_]diem|casual)\b/.test(text)) return "temporary";
  return "full-time";
}

/** Remote, hybrid or on-site from the words a provider uses ("Remote", "fully", "HYBRID", "onsite"). */
export function arrangement(text: string | null | undefined): WorkArrangement | undefined {
  if (!text) return undefined;
  if (/hybrid/i.test(text)) return "hybrid";
  if (/remote|telecommute|fully|anywhere|work from home|wfh/i.test(text)) return "remote";
  if (/on[\s_-]?site|office|none/i.test(text)) return "on-site";
  return undefined;
}

// ---- dates ----

/** A provider's date or time as the feed's posted_at (ISO); null when it is not one. */
export function instantOf(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "number") {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
  }
  const text = value.trim();
  const british = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (british) return `${british[3]}-${british[2]!.padStart(2, "0")}-${british[1]!.padStart(2, "0")}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  // "2026-01-15 10:00:00 UTC" (Recruitee) and "2026-01-15T10:00:00.000+00:00" alike.
  const at = new Date(text.replace(/^(\d{4}-\d{2}-\d{2}) /, "$1T").replace(/ UTC$/, "Z"));
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** A closing date as YYYY-MM-DD: the day it names, as written (a time on it is in the employer's zone). */
export function dayOf(value: string | number | null | undefined): string | undefined {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) return value.trim().slice(0, 10);
  return instantOf(value)?.slice(0, 10);
}

// ---- money ----

const PERIOD_WORDS: [RegExp, "year" | "month" | "week" | "day" | "hour"][] = [
  [/year|annum|annual|yr/i, "year"],
  [/month/i, "month"],
  [/week/i, "week"],
  [/day|daily/i, "day"],
  [/hour/i, "hour"],
];

/** "per-year-salary", "1 YEAR", "YEAR", "hourly" as the feed's salary_period. */
function periodOf(text: string | null | undefined) {
  return text ? PERIOD_WORDS.find(([pattern]) => pattern.test(text))?.[1] : undefined;
}

/** Salary figures when the provider gives an amount, its currency and its period; otherwise nothing (never a guess). */
export function salaryFigures(
  min: number | string | null | undefined,
  max: number | string | null | undefined,
  currency: string | null | undefined,
  period: string | null | undefined,
): Pick<SourceRecordInput, "salary_min" | "salary_max" | "salary_currency" | "salary_period"> {
  const low = Number(min) > 0 ? Number(min) : undefined;
  const high = Number(max) > 0 ? Number(max) : undefined;
  const per = periodOf(period);
  // Without its currency a figure is not read: the import would take it as pounds.
  const money = currency?.trim().toUpperCase();
  if ((!low && !high) || !per || !money) return {};
  return { salary_min: low ?? high, salary_max: high ?? low, salary_currency: money, salary_period: per };
}

/**
 * Amounts given without their period, as text ("25 - 30 GBP"): the salary parser reads the period from their
 * size as it does for any feed (12 an hour, 30000 a year), and leaves a size it cannot place unread.
 */
export function amountText(
  min: number | null | undefined,
  max: number | null | undefined,
  currency: string | null | undefined,
): string | undefined {
  const amounts = [...new Set([min, max].filter((n): n is number => typeof n === "number" && n > 0))];
  return amounts.length ? `${amounts.join(" - ")} ${currency || "GBP"}` : undefined;
}

/** The hours of a week from "37.5 hours per week" or a number; nothing when unsure. */
export function hoursOf(value: string | number | null | undefined): number | undefined {
  const n = typeof value === "number" ? value : Number(/(\d+(?:\.\d+)?)\s*(?:hours|hrs|h)\b/i.exec(value ?? "")?.[1]);
  return Number.isFinite(n) && n >= 1 && n <= 100 ? n : undefined;
}

/** Drops the fields an adapter left empty, so a record reads as a feed line would. */
function compact(record: RecordDraft): SourceRecordInput {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== null && value !== ""),
  ) as SourceRecordInput;
}
