import { z } from "zod";
import { escapeHtml } from "~/lib/escape-html";
import {
  adaptEach,
  arrangement,
  dayOf,
  describeShape,
  idField,
  instantOf,
  jobType,
  maybe,
  withQuery,
  type Adapter,
} from "./common";
import { countryCode, firstUkPlace, type Place } from "./places";

// Teamtailor JSON:API: GET https://api.teamtailor.com/v1/jobs?include=locations, with a key of the "public"
// scope (Authorization: Token token=KEY) and the API version header; paged, the next page at links.next.
const API_VERSION = "20240404";
const Job = z.object({
  id: z.string(),
  type: z.literal("jobs"),
  links: maybe(z.object({ "careersite-job-url": maybe(z.url()), "careersite-job-apply-url": maybe(z.url()) })),
  attributes: z.object({
    title: z.string(),
    body: maybe(z.string()),
    pitch: maybe(z.string()),
    "remote-status": maybe(z.string()),
    "employment-type": maybe(z.string()),
    "employment-level": maybe(z.string()),
    "created-at": maybe(z.string()),
    "end-date": maybe(z.string()),
  }),
  relationships: maybe(
    z.object({
      locations: maybe(z.object({ data: maybe(z.array(z.object({ id: z.string(), type: z.string() }))) })),
    }),
  ),
});
const Location = z.object({
  id: z.string(),
  type: z.literal("locations"),
  attributes: z.object({ city: maybe(z.string()), country: maybe(z.string()), name: maybe(z.string()) }),
});
const Answer = z.object({
  data: z.array(z.unknown()),
  included: maybe(z.array(z.unknown())),
  links: maybe(z.object({ next: maybe(z.string()) })),
});

export const teamtailor: Adapter = {
  answer: "json",
  requestUrl: (url) => withQuery(url, { include: "locations" }),
  authorize: (url, key) => ({
    url,
    headers: { Authorization: `Token token=${key}`, "X-Api-Version": API_VERSION, Accept: "application/vnd.api+json" },
  }),
  adapt(answer, source) {
    const outer = Answer.safeParse(answer);
    if (!outer.success)
      return { records: [], problems: [{ message: describeShape("The Teamtailor answer", outer.error) }] };
    // Included resources of other types (departments, roles) are not read.
    const locations = new Map<string, Place>();
    for (const raw of outer.data.included ?? []) {
      const location = Location.safeParse(raw);
      if (location.success)
        locations.set(location.data.id, {
          town: location.data.attributes.city ?? undefined,
          country: countryCode(location.data.attributes.country),
        });
    }
    const result = adaptEach(
      "Teamtailor",
      outer.data.data,
      Job,
      (raw) => idField(raw, "id"),
      (job) => {
        const a = job.attributes;
        const places = (job.relationships?.locations?.data ?? []).flatMap((ref) => locations.get(ref.id) ?? []);
        return {
          id: job.id,
          title: a.title,
          employer: source.employer,
          ...firstUkPlace(places),
          // "none", "hybrid", "temporary" (remote for now) or "fully".
          remote: a["remote-status"] === "temporary" ? "remote" : arrangement(a["remote-status"]),
          type: jobType(a["employment-type"], a["employment-level"]),
          description_html: `${a.pitch ? `<p>${escapeHtml(a.pitch)}</p>` : ""}${a.body ?? ""}`,
          apply_url: job.links?.["careersite-job-apply-url"] ?? job.links?.["careersite-job-url"],
          posted_at: instantOf(a["created-at"]),
          closing_date: dayOf(a["end-date"]),
        };
      },
    );
    const next = outer.data.links?.next;
    // A next address that is not one ends the paging here rather than the run.
    return {
      ...result,
      next: next && URL.canParse(next, source.url) ? new URL(next, source.url).toString() : undefined,
    };
  },
};
