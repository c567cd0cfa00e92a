import { z } from "zod";
import { escapeHtml } from "~/lib/escape-html";
import { adaptEach, describeShape, idField, instantOf, jobType, maybe, withQuery, type Adapter } from "./common";
import { countryCode } from "./places";

// SmartRecruiters Posting API: GET https://api.smartrecruiters.com/v1/companies/{companyIdentifier}/postings,
// paged by offset and limit (at most 100) with totalFound. A posting's description (jobAd) comes with the
// posting's own address (its ref); a list item without one is reported, not imported without a description.
const Section = maybe(z.object({ title: maybe(z.string()), text: maybe(z.string()) }));
const Posting = z.object({
  id: z.string(),
  name: z.string(),
  ref: maybe(z.string()),
  company: maybe(z.object({ name: maybe(z.string()) })),
  releasedDate: maybe(z.string()),
  location: maybe(
    z.object({
      city: maybe(z.string()),
      region: maybe(z.string()),
      country: maybe(z.string()),
      remote: maybe(z.boolean()),
      hybrid: maybe(z.boolean()),
    }),
  ),
  typeOfEmployment: maybe(z.object({ id: maybe(z.string()), label: maybe(z.string()) })),
  experienceLevel: maybe(z.object({ id: maybe(z.string()) })),
  applyUrl: maybe(z.url()),
  postingUrl: maybe(z.url()),
  jobAd: maybe(
    z.object({
      sections: maybe(
        z.object({
          companyDescription: Section,
          jobDescription: Section,
          qualifications: Section,
          additionalInformation: Section,
        }),
      ),
    }),
  ),
});
const Answer = z.object({
  offset: z.number(),
  limit: z.number(),
  totalFound: z.number(),
  content: z.array(z.unknown()),
});

export const smartrecruiters: Adapter = {
  answer: "json",
  requestUrl: (url) => withQuery(url, { limit: "100" }),
  async expand(answer, fetchJson) {
    const outer = Answer.safeParse(answer);
    if (!outer.success) return answer;
    const content: unknown[] = [];
    for (const item of outer.data.content) {
      const ref = item && typeof item === "object" && !("jobAd" in item) ? (item as { ref?: unknown }).ref : undefined;
      const detail = typeof ref === "string" ? await fetchJson(ref) : null;
      // The posting's own answer holds the list item's fields and its jobAd; a failed one leaves the item, reported by adapt.
      content.push(detail && typeof detail === "object" ? { ...(item as object), ...detail } : item);
    }
    return { ...outer.data, content };
  },
  adapt(answer, source) {
    const outer = Answer.safeParse(answer);
    if (!outer.success)
      return { records: [], problems: [{ message: describeShape("The SmartRecruiters answer", outer.error) }] };
    const { offset, limit, totalFound, content } = outer.data;
    const after = offset + content.length;
    const nextUrl = new URL(source.url);
    nextUrl.searchParams.set("offset", String(after));
    nextUrl.searchParams.set("limit", String(limit));
    const result = adaptEach(
      "SmartRecruiters",
      content,
      Posting,
      (raw) => idField(raw, "id"),
      (posting) => {
        const sections = posting.jobAd?.sections;
        const html = sections
          ? [
              sections.jobDescription,
              sections.qualifications,
              sections.additionalInformation,
              sections.companyDescription,
            ]
              .filter((section) => section?.text)
              .map((section) => `${section!.title ? `<h3>${escapeHtml(section!.title)}</h3>` : ""}${section!.text}`)
              .join("")
          : "";
        const location = posting.location;
        return {
          id: posting.id,
          title: posting.name,
          employer: posting.company?.name ?? source.employer,
          town: location?.city ?? undefined,
          region: location?.region ?? undefined,
          country: countryCode(location?.country),
          remote: location?.remote ? "remote" : location?.hybrid ? "hybrid" : undefined,
          type: jobType(posting.typeOfEmployment?.label ?? posting.typeOfEmployment?.id, posting.experienceLevel?.id),
          description_html: html,
          apply_url: posting.applyUrl ?? posting.postingUrl,
          posted_at: instantOf(posting.releasedDate),
        };
      },
    );
    return { ...result, next: content.length > 0 && after < totalFound ? nextUrl.toString() : undefined };
  },
};
