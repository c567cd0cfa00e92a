import { z } from "zod";
import {
  adaptEach,
  dayOf,
  describeShape,
  hoursOf,
  idField,
  instantOf,
  jobType,
  maybe,
  salaryFigures,
  textish,
  type Adapter,
} from "./common";
import { countryCode, firstUkPlace, type Place } from "./places";

// Recruitee careers site API: GET https://{company}.recruitee.com/api/offers/ (every published offer, one answer).
const Location = z.object({
  city: maybe(z.string()),
  state: maybe(z.string()),
  country: maybe(z.string()),
  country_code: maybe(z.string()),
});
const Offer = z.object({
  id: textish,
  title: z.string(),
  company_name: maybe(z.string()),
  description: maybe(z.string()),
  requirements: maybe(z.string()),
  city: maybe(z.string()),
  state_name: maybe(z.string()),
  country: maybe(z.string()),
  country_code: maybe(z.string()),
  locations: maybe(z.array(Location)),
  remote: maybe(z.boolean()),
  hybrid: maybe(z.boolean()),
  employment_type_code: maybe(z.string()),
  max_hours: maybe(z.number()),
  salary: maybe(
    z.object({ min: maybe(textish), max: maybe(textish), currency: maybe(z.string()), period: maybe(z.string()) }),
  ),
  published_at: maybe(z.string()),
  created_at: maybe(z.string()),
  close_at: maybe(z.string()),
  careers_url: maybe(z.url()),
  careers_apply_url: maybe(z.url()),
});
const Answer = z.object({ offers: z.array(z.unknown()) });

export const recruitee: Adapter = {
  answer: "json",
  requestUrl: (url) => url,
  adapt(answer, source) {
    const outer = Answer.safeParse(answer);
    if (!outer.success)
      return { records: [], problems: [{ message: describeShape("The Recruitee answer", outer.error) }] };
    return adaptEach(
      "Recruitee",
      outer.data.offers,
      Offer,
      (raw) => idField(raw, "id"),
      (offer) => {
        const places: Place[] = (offer.locations ?? []).map((location) => ({
          town: location.city ?? undefined,
          region: location.state ?? undefined,
          country: countryCode(location.country_code) ?? countryCode(location.country),
        }));
        places.push({
          town: offer.city ?? undefined,
          region: offer.state_name ?? undefined,
          country: countryCode(offer.country_code) ?? countryCode(offer.country),
        });
        const pay = offer.salary;
        return {
          id: offer.id,
          title: offer.title,
          employer: offer.company_name ?? source.employer,
          ...firstUkPlace(places),
          remote: offer.remote ? "remote" : offer.hybrid ? "hybrid" : undefined,
          ...salaryFigures(pay?.min, pay?.max, pay?.currency, pay?.period),
          hours_per_week: hoursOf(offer.max_hours),
          type: jobType(offer.employment_type_code),
          description_html: `${offer.description ?? ""}${offer.requirements ?? ""}`,
          apply_url: offer.careers_apply_url ?? offer.careers_url,
          posted_at: instantOf(offer.published_at ?? offer.created_at),
          closing_date: dayOf(offer.close_at),
        };
      },
    );
  },
};
