import { z } from "zod";
import {
  adaptEach,
  amountText,
  dayOf,
  hoursOf,
  instantOf,
  jobType,
  maybe,
  plainText,
  salaryFigures,
  textish,
  type Adapter,
  type AdapterProblem,
  unescapeHtml,
} from "./common";
import { countryCode, firstUkPlace, type Place } from "./places";

/**
 * schema.org JobPosting in the JSON-LD of a careers page (what Google for Jobs reads): every
 * <script type="application/ld+json"> block, each an object, an array or an @graph, postings nested anywhere.
 * The same adapter reads the pages a sitemap or a feed lists (xml.ts finds them).
 */
const one = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.array(schema)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);
const named = z
  .union([z.string(), z.object({ name: maybe(z.string()) })])
  .transform((v) => (typeof v === "string" ? v : v.name));
const PostalAddress = z.union([
  z.string().transform((text) => ({ addressLocality: text }) as Record<string, unknown>),
  z.object({
    addressLocality: maybe(z.string()),
    addressRegion: maybe(z.string()),
    addressCountry: maybe(named),
  }),
]);
const JobPosting = z.object({
  title: z.string(),
  description: maybe(z.string()),
  identifier: maybe(
    z.union([textish, z.object({ value: textish })]).transform((v) => (typeof v === "string" ? v : v.value)),
  ),
  url: maybe(z.url()),
  datePosted: maybe(z.string()),
  validThrough: maybe(z.string()),
  employmentType: maybe(one(z.string())),
  hiringOrganization: maybe(named),
  jobLocation: maybe(one(z.object({ address: maybe(PostalAddress) }))),
  jobLocationType: maybe(one(z.string())),
  applicantLocationRequirements: maybe(one(named)),
  baseSalary: maybe(
    z.object({
      currency: maybe(z.string()),
      value: z.union([
        z.number(),
        z.object({
          value: maybe(z.coerce.number()),
          minValue: maybe(z.coerce.number()),
          maxValue: maybe(z.coerce.number()),
          unitText: maybe(z.string()),
        }),
      ]),
    }),
  ),
  workHours: maybe(z.string()),
});
type Posting = z.output<typeof JobPosting>;

const SCRIPT = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;

const isPosting = (node: Record<string, unknown>) =>
  [node["@type"]].flat().some((type) => typeof type === "string" && /(^|[/:])JobPosting$/.test(type));

/** Every JobPosting node, wherever it sits: at the top, in an array, in an @graph or inside another node. */
function postingsIn(value: unknown, found: unknown[], depth = 0): void {
  if (depth > 20 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) return value.forEach((item) => postingsIn(item, found, depth + 1));
  const node = value as Record<string, unknown>;
  if (isPosting(node)) return void found.push(node);
  for (const child of Object.values(node)) postingsIn(child, found, depth + 1);
}

function placeOf(address: z.output<typeof PostalAddress> | null | undefined): Place {
  const a = (address ?? {}) as { addressLocality?: string; addressRegion?: string; addressCountry?: string };
  return {
    town: a.addressLocality ?? undefined,
    region: a.addressRegion ?? undefined,
    country: countryCode(a.addressCountry),
  };
}

export const jsonld: Adapter = {
  answer: "text",
  requestUrl: (url) => url,
  adapt(answer, source) {
    if (typeof answer !== "string")
      return { records: [], problems: [{ message: "The page is not text (HTML expected)" }] };
    const problems: AdapterProblem[] = [];
    const found: unknown[] = [];
    let block = 0;
    for (const [, body] of answer.matchAll(SCRIPT)) {
      block += 1;
      try {
        postingsIn(JSON.parse(body!.replace(/^\s*(?:<!--|<!\[CDATA\[)|(?:-->|\]\]>)\s*$/g, "")), found);
      } catch {
        problems.push({ message: `The page's JSON-LD block ${block} is not valid JSON` });
      }
    }
    if (found.length === 0 && problems.length === 0)
      problems.push({ message: `The page at ${source.url} has no schema.org JobPosting in its JSON-LD` });
    // A page usually holds one posting: the page's address names it when the posting has no identifier or url.
    const idOf = (raw: unknown, i: number) => {
      const parsed = JobPosting.safeParse(raw);
      const own = parsed.success ? (parsed.data.identifier ?? parsed.data.url) : undefined;
      return own ?? (found.length > 1 ? `${source.url}#${i + 1}` : source.url);
    };
    const result = adaptEach("JSON-LD", found, JobPosting, idOf, (posting: Posting, id) => {
      const remote = posting.jobLocationType?.some((type) => /telecommute/i.test(type));
      const places = (posting.jobLocation ?? []).map((place) => placeOf(place.address));
      // A remote posting names where its applicants may live instead of a place.
      if (!places.length)
        places.push(...(posting.applicantLocationRequirements ?? []).map((name) => ({ country: countryCode(name) })));
      const salary = posting.baseSalary;
      const value = typeof salary?.value === "number" ? { value: salary.value } : salary?.value;
      return {
        id,
        title: plainText(posting.title),
        employer: posting.hiringOrganization ?? source.employer,
        ...firstUkPlace(places),
        remote: remote ? "remote" : undefined,
        ...salaryFigures(
          value?.minValue ?? value?.value,
          value?.maxValue ?? value?.value,
          salary?.currency,
          value?.unitText,
        ),
        salary: value?.unitText
          ? undefined
          : amountText(value?.minValue ?? value?.value, value?.maxValue, salary?.currency),
        hours_per_week: hoursOf(posting.workHours),
        type: jobType(posting.employmentType?.join(" ")),
        // Some sites escape the description's HTML once more inside the JSON (&lt;p&gt;).
        description_html:
          posting.description && !posting.description.includes("<")
            ? unescapeHtml(posting.description)
            : posting.description,
        apply_url: posting.url ?? source.url,
        posted_at: instantOf(posting.datePosted),
        closing_date: dayOf(posting.validThrough),
      };
    });
    return { records: result.records, problems: [...problems, ...result.problems] };
  },
};
