import { z } from "zod";
import {
  adaptEach,
  amountText,
  dayOf,
  describeShape,
  idField,
  instantOf,
  jobType,
  maybe,
  textish,
  withQuery,
  type Adapter,
} from "./common";
import { placeFromText } from "./places";

// Reed jobseeker API: GET https://www.reed.co.uk/api/1.0/search?keywords=…, HTTP Basic with the key as the user
// name and no password; paged by resultsToTake (at most 100) and resultsToSkip.
const Job = z.object({
  jobId: textish,
  jobTitle: z.string(),
  employerName: maybe(z.string()),
  locationName: maybe(z.string()),
  minimumSalary: maybe(z.number()),
  maximumSalary: maybe(z.number()),
  currency: maybe(z.string()),
  date: maybe(z.string()),
  expirationDate: maybe(z.string()),
  jobDescription: maybe(z.string()),
  jobUrl: z.url(),
});
const Answer = z.object({ results: z.array(z.unknown()), totalResults: z.number() });

export const reed: Adapter = {
  answer: "json",
  requestUrl: (url) => withQuery(url, { resultsToTake: "100" }),
  authorize: (url, key) => ({
    url,
    headers: { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` },
  }),
  adapt(answer, source) {
    const outer = Answer.safeParse(answer);
    if (!outer.success) return { records: [], problems: [{ message: describeShape("The Reed answer", outer.error) }] };
    const result = adaptEach(
      "Reed",
      outer.data.results,
      Job,
      (raw) => idField(raw, "jobId"),
      (job) => {
        const place = placeFromText(job.locationName);
        return {
          id: job.jobId,
          title: job.jobTitle,
          employer: job.employerName ?? source.employer,
          ...place,
          // Reed lists UK jobs: a place without a country is in the UK.
          country: place.country ?? "GB",
          // Reed's search gives amounts without their period.
          salary: amountText(job.minimumSalary, job.maximumSalary, job.currency),
          // The search gives no employment type: the title's words ("Part Time", "Graduate") are all there is.
          type: jobType(job.jobTitle),
          description_html: job.jobDescription,
          apply_url: job.jobUrl,
          posted_at: instantOf(job.date),
          closing_date: dayOf(job.expirationDate),
        };
      },
    );
    const url = new URL(source.url);
    const skip = Number(url.searchParams.get("resultsToSkip") ?? 0);
    const after = skip + outer.data.results.length;
    if (outer.data.results.length > 0 && after < outer.data.totalResults) {
      url.searchParams.set("resultsToSkip", String(after));
      return { ...result, next: url.toString() };
    }
    return result;
  },
};
