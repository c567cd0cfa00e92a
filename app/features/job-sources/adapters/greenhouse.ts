import { z } from "zod";
import {
  adaptEach,
  arrangement,
  describeShape,
  idField,
  instantOf,
  jobType,
  maybe,
  textish,
  unescapeHtml,
  withQuery,
  type Adapter,
} from "./common";
import { firstUkPlace, placeFromText } from "./places";

// Greenhouse Job Board API: GET https://boards-api.greenhouse.io/v1/boards/{board_token}/jobs?content=true
const Job = z.object({
  id: textish,
  title: z.string(),
  absolute_url: z.url(),
  updated_at: maybe(z.string()),
  first_published: maybe(z.string()),
  company_name: maybe(z.string()),
  location: maybe(z.object({ name: maybe(z.string()) })),
  offices: maybe(z.array(z.object({ name: maybe(z.string()), location: maybe(z.string()) }))),
  // Custom fields the board chose to publish: some boards put the employment type or the pay here.
  metadata: maybe(z.array(z.object({ name: z.string(), value: z.unknown() }))),
  // HTML, escaped once more (&lt;p&gt;): unescaped before it is read.
  content: maybe(z.string()),
});
const Answer = z.object({ jobs: z.array(z.unknown()) });

function metadataText(job: z.infer<typeof Job>, pattern: RegExp): string | undefined {
  const value = job.metadata?.find((field) => pattern.test(field.name))?.value;
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.filter((v) => typeof v === "string").join(", ") || undefined;
  return undefined;
}

export const greenhouse: Adapter = {
  answer: "json",
  requestUrl: (url) => withQuery(url, { content: "true" }),
  adapt(answer, source) {
    const outer = Answer.safeParse(answer);
    if (!outer.success)
      return { records: [], problems: [{ message: describeShape("The Greenhouse answer", outer.error) }] };
    return adaptEach(
      "Greenhouse",
      outer.data.jobs,
      Job,
      (raw) => idField(raw, "id"),
      (job) => {
        // "London, UK; Remote - Europe": several places in one name, or one office each.
        const names = [
          ...(job.location?.name ?? "").split(/;|\s\/\s|\sor\s/),
          ...(job.offices ?? []).map((office) => office.location ?? office.name ?? ""),
        ];
        const place = firstUkPlace(names.map(placeFromText));
        return {
          id: job.id,
          title: job.title,
          employer: job.company_name ?? source.employer,
          ...place,
          remote: arrangement(metadataText(job, /remote|workplace|location type/i) ?? job.location?.name),
          salary: metadataText(job, /salary|compensation|pay/i),
          type: jobType(metadataText(job, /employment|job type|contract/i)),
          description_html: unescapeHtml(job.content ?? ""),
          apply_url: job.absolute_url,
          posted_at: instantOf(job.first_published ?? job.updated_at),
        };
      },
    );
  },
};
