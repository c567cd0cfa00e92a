import { z } from "zod";
import {
  adaptEach,
  describeShape,
  idField,
  instantOf,
  jobType,
  maybe,
  plainText,
  salaryFigures,
  textish,
  withQuery,
  type Adapter,
} from "./common";
import { countryCode } from "./places";

// Adzuna search API: GET https://api.adzuna.com/v1/api/jobs/{country}/search/{page}?app_id=…&app_key=…&what=…
// Paged by the page number in the path; count is the number of jobs the search found.
const Job = z.object({
  id: textish,
  title: z.string(),
  description: maybe(z.string()),
  redirect_url: z.url(),
  created: maybe(z.string()),
  company: maybe(z.object({ display_name: maybe(z.string()) })),
  location: maybe(z.object({ display_name: maybe(z.string()), area: maybe(z.array(z.string())) })),
  salary_min: maybe(z.number()),
  salary_max: maybe(z.number()),
  // "1": Adzuna's own estimate, not the employer's figure, so not kept.
  salary_is_predicted: maybe(textish),
  contract_type: maybe(z.string()),
  contract_time: maybe(z.string()),
});
const Answer = z.object({ count: z.number(), results: z.array(z.unknown()) });
// The currency of a search's country, where Adzuna searches one; a salary in another currency is not guessed.
const CURRENCIES: Record<string, string> = { GB: "GBP", US: "USD", CA: "CAD", AU: "AUD", NZ: "NZD", IN: "INR" };
for (const code of ["AT", "BE", "DE", "ES", "FR", "IT", "NL"]) CURRENCIES[code] = "EUR";
const PAGE = /\/search\/(\d+)(?=\/?$)/;

export const adzuna: Adapter = {
  answer: "json",
  requestUrl: (url) => withQuery(url, { results_per_page: "50" }),
  // The key is configured as APP_ID:APP_KEY, the two values Adzuna issues together.
  authorize(url, key) {
    const [appId, appKey] = key.split(":");
    if (!appId || !appKey) throw new Error("The Adzuna key is configured as APP_ID:APP_KEY");
    const u = new URL(url);
    u.searchParams.set("app_id", appId);
    u.searchParams.set("app_key", appKey);
    return { url: u.toString(), headers: {} };
  },
  adapt(answer, source) {
    const outer = Answer.safeParse(answer);
    if (!outer.success)
      return { records: [], problems: [{ message: describeShape("The Adzuna answer", outer.error) }] };
    const url = new URL(source.url);
    const searchCountry = countryCode(/\/jobs\/([a-z]{2})\//i.exec(url.pathname)?.[1]);
    const currency = searchCountry ? CURRENCIES[searchCountry] : undefined;
    const result = adaptEach(
      "Adzuna",
      outer.data.results,
      Job,
      (raw) => idField(raw, "id"),
      (job) => {
        // area runs from the country down: ["UK", "London", "Central London"].
        const area = job.location?.area ?? [];
        const estimated = String(job.salary_is_predicted ?? "0") === "1";
        const kind = [job.contract_time, job.contract_type].filter(Boolean).join(" ");
        return {
          id: job.id,
          title: plainText(job.title),
          employer: job.company?.display_name ?? source.employer,
          town: area.length > 1 ? area.at(-1) : undefined,
          region: area.length > 2 ? area[1] : undefined,
          country: countryCode(area[0]) ?? searchCountry,
          // Adzuna gives every salary as a year's, in the currency of the country searched.
          ...(estimated || !currency ? {} : salaryFigures(job.salary_min, job.salary_max, currency, "year")),
          type: jobType(kind || job.title),
          description_html: job.description,
          apply_url: job.redirect_url,
          posted_at: instantOf(job.created),
        };
      },
    );
    const page = Number(PAGE.exec(url.pathname)?.[1] ?? 1);
    const perPage = Number(url.searchParams.get("results_per_page") ?? 10);
    if (outer.data.results.length > 0 && page * perPage < outer.data.count) {
      url.pathname = url.pathname.replace(PAGE, `/search/${page + 1}`);
      return { ...result, next: url.toString() };
    }
    return result;
  },
};
