import { z } from "zod";
import {
  adaptEach,
  arrangement,
  describeShape,
  idField,
  instantOf,
  jobType,
  maybe,
  salaryFigures,
  withQuery,
  type Adapter,
} from "./common";
import { countryCode, firstUkPlace, placeFromText, type Place } from "./places";

// Ashby posting API: GET https://api.ashbyhq.com/posting-api/job-board/{board}?includeCompensation=true
const PostalAddress = z.object({
  addressLocality: maybe(z.string()),
  addressRegion: maybe(z.string()),
  addressCountry: maybe(z.string()),
});
const Address = maybe(z.object({ postalAddress: maybe(PostalAddress) }));
const Job = z.object({
  id: z.string(),
  title: z.string(),
  employmentType: maybe(z.string()),
  location: maybe(z.string()),
  address: Address,
  secondaryLocations: maybe(z.array(z.object({ location: maybe(z.string()), address: Address }))),
  isRemote: maybe(z.boolean()),
  workplaceType: maybe(z.string()),
  isListed: maybe(z.boolean()),
  publishedAt: maybe(z.string()),
  jobUrl: maybe(z.url()),
  applyUrl: maybe(z.url()),
  descriptionHtml: maybe(z.string()),
  descriptionPlain: maybe(z.string()),
  compensation: maybe(
    z.object({
      scrapeableCompensationSalarySummary: maybe(z.string()),
      compensationTierSummary: maybe(z.string()),
      summaryComponents: maybe(
        z.array(
          z.object({
            compensationType: maybe(z.string()),
            interval: maybe(z.string()),
            currencyCode: maybe(z.string()),
            minValue: maybe(z.number()),
            maxValue: maybe(z.number()),
          }),
        ),
      ),
    }),
  ),
});
const Answer = z.object({ jobs: z.array(z.unknown()) });

function placeOf(name: string | null | undefined, address: z.infer<typeof Address>): Place {
  const postal = address?.postalAddress;
  if (postal && (postal.addressLocality || postal.addressCountry))
    return {
      town: postal.addressLocality ?? undefined,
      region: postal.addressRegion ?? undefined,
      country: countryCode(postal.addressCountry),
    };
  return placeFromText(name);
}

export const ashby: Adapter = {
  answer: "json",
  requestUrl: (url) => withQuery(url, { includeCompensation: "true" }),
  adapt(answer, source) {
    const outer = Answer.safeParse(answer);
    if (!outer.success) return { records: [], problems: [{ message: describeShape("The Ashby answer", outer.error) }] };
    // An unlisted job is one the employer hid from its board: not advertised, so not imported.
    const listed = outer.data.jobs.filter((job) => (job as { isListed?: unknown })?.isListed !== false);
    return adaptEach(
      "Ashby",
      listed,
      Job,
      (raw) => idField(raw, "id"),
      (job) => {
        const place = firstUkPlace([
          placeOf(job.location, job.address),
          ...(job.secondaryLocations ?? []).map((other) => placeOf(other.location, other.address)),
        ]);
        const salary = job.compensation?.summaryComponents?.find((c) => c.compensationType === "Salary");
        return {
          id: job.id,
          title: job.title,
          employer: source.employer,
          ...place,
          remote: arrangement(job.workplaceType) ?? (job.isRemote ? "remote" : undefined),
          ...salaryFigures(salary?.minValue, salary?.maxValue, salary?.currencyCode, salary?.interval),
          salary: job.compensation?.scrapeableCompensationSalarySummary ?? undefined,
          type: jobType(job.employmentType),
          description_html: job.descriptionHtml ?? job.descriptionPlain,
          apply_url: job.applyUrl ?? job.jobUrl,
          posted_at: instantOf(job.publishedAt),
        };
      },
    );
  },
};
