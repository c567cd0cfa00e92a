import { z } from "zod";
import { escapeHtml } from "~/lib/escape-html";
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
import { countryCode, firstUkPlace, placeFromText } from "./places";

// Lever Postings API: GET https://api.lever.co/v0/postings/{site}?mode=json (a list of postings, not paged by default).
const Posting = z.object({
  id: z.string(),
  text: z.string(),
  categories: maybe(
    z.object({
      commitment: maybe(z.string()),
      location: maybe(z.string()),
      allLocations: maybe(z.array(z.string())),
    }),
  ),
  country: maybe(z.string()),
  createdAt: maybe(z.number()),
  description: maybe(z.string()),
  descriptionPlain: maybe(z.string()),
  lists: maybe(z.array(z.object({ text: z.string(), content: z.string() }))),
  additional: maybe(z.string()),
  hostedUrl: maybe(z.url()),
  applyUrl: maybe(z.url()),
  workplaceType: maybe(z.string()),
  salaryRange: maybe(
    z.object({
      min: maybe(z.number()),
      max: maybe(z.number()),
      currency: maybe(z.string()),
      interval: maybe(z.string()),
    }),
  ),
  salaryDescriptionPlain: maybe(z.string()),
});

export const lever: Adapter = {
  answer: "json",
  requestUrl: (url) => withQuery(url, { mode: "json" }),
  adapt(answer, source) {
    const outer = z.array(z.unknown()).safeParse(answer);
    if (!outer.success) return { records: [], problems: [{ message: describeShape("The Lever answer", outer.error) }] };
    return adaptEach(
      "Lever",
      outer.data,
      Posting,
      (raw) => idField(raw, "id"),
      (posting) => {
        const locations = posting.categories?.allLocations?.length
          ? posting.categories.allLocations
          : [posting.categories?.location ?? ""];
        const places = locations.map(placeFromText);
        // The posting's country code belongs to its main location, the one named first.
        const country = countryCode(posting.country);
        if (country && places[0] && !places[0].country) places[0] = { ...places[0], country };
        const place = firstUkPlace(places);
        // The body is the description, then its lists (headed "Requirements", "What you'll do"), then the closing words.
        const html = [
          posting.description ?? posting.descriptionPlain ?? "",
          ...(posting.lists ?? []).map((list) => `<h3>${escapeHtml(list.text)}</h3><ul>${list.content}</ul>`),
          posting.additional ?? "",
        ].join("");
        const range = posting.salaryRange;
        return {
          id: posting.id,
          title: posting.text,
          // The site name is not the company's name; the source names its employer.
          employer: source.employer,
          ...place,
          remote: arrangement(posting.workplaceType === "unspecified" ? undefined : posting.workplaceType),
          ...salaryFigures(range?.min, range?.max, range?.currency, range?.interval),
          salary: posting.salaryDescriptionPlain?.trim() || undefined,
          type: jobType(posting.categories?.commitment),
          description_html: html,
          apply_url: posting.applyUrl ?? posting.hostedUrl,
          posted_at: instantOf(posting.createdAt),
        };
      },
    );
  },
};
