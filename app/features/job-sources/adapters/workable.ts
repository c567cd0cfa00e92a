import { z } from "zod";
import { adaptEach, describeShape, idField, instantOf, jobType, maybe, withQuery, type Adapter } from "./common";
import { countryCode, firstUkPlace, type Place } from "./places";

// Workable widget API: GET https://apply.workable.com/api/v1/widget/accounts/{subdomain}?details=true
// (details=true adds each job's description); the accounts API (www.workable.com/api/accounts/{subdomain}) answers alike.
const Location = z.object({
  country: maybe(z.string()),
  countryCode: maybe(z.string()),
  city: maybe(z.string()),
  region: maybe(z.string()),
  hidden: maybe(z.boolean()),
});
const Job = z.object({
  shortcode: z.string(),
  title: z.string(),
  employment_type: maybe(z.string()),
  telecommuting: maybe(z.boolean()),
  url: maybe(z.url()),
  application_url: maybe(z.url()),
  shortlink: maybe(z.url()),
  published_on: maybe(z.string()),
  created_at: maybe(z.string()),
  country: maybe(z.string()),
  city: maybe(z.string()),
  state: maybe(z.string()),
  locations: maybe(z.array(Location)),
  description: maybe(z.string()),
});
const Answer = z.object({ name: maybe(z.string()), jobs: z.array(z.unknown()) });

export const workable: Adapter = {
  answer: "json",
  requestUrl: (url) => withQuery(url, { details: "true" }),
  adapt(answer, source) {
    const outer = Answer.safeParse(answer);
    if (!outer.success)
      return { records: [], problems: [{ message: describeShape("The Workable answer", outer.error) }] };
    const employer = outer.data.name ?? source.employer;
    return adaptEach(
      "Workable",
      outer.data.jobs,
      Job,
      (raw) => idField(raw, "shortcode"),
      (job) => {
        const places: Place[] = (job.locations ?? [])
          .filter((location) => !location.hidden)
          .map((location) => ({
            town: location.city ?? undefined,
            region: location.region ?? undefined,
            country: countryCode(location.countryCode) ?? countryCode(location.country),
          }));
        places.push({ town: job.city ?? undefined, region: job.state ?? undefined, country: countryCode(job.country) });
        return {
          id: job.shortcode,
          title: job.title,
          employer,
          ...firstUkPlace(places),
          remote: job.telecommuting ? "remote" : undefined,
          type: jobType(job.employment_type),
          description_html: job.description,
          apply_url: job.application_url ?? job.url ?? job.shortlink,
          posted_at: instantOf(job.published_on ?? job.created_at),
        };
      },
    );
  },
};
