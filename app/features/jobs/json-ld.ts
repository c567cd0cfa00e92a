import type { JobPosting } from "~/db/schema";

/** The properties Google requires of a JobPosting (developers.google.com/search/docs/appearance/structured-data/job-posting). */
export const REQUIRED_JOB_POSTING_PROPERTIES = [
  "datePosted",
  "description",
  "hiringOrganization",
  "jobLocation",
  "title",
] as const;

const EMPLOYMENT_TYPE: Record<JobPosting["type"], string> = {
  "full-time": "FULL_TIME",
  "part-time": "PART_TIME",
  internship: "INTERN",
  "graduate-scheme": "FULL_TIME",
  contract: "CONTRACTOR",
  temporary: "TEMPORARY",
};

type Job = Pick<
  JobPosting,
  | "slug"
  | "title"
  | "descriptionHtml"
  | "employerName"
  | "town"
  | "region"
  | "country"
  | "workArrangement"
  | "salaryMin"
  | "salaryMax"
  | "salaryCurrency"
  | "salaryPeriod"
  | "type"
  | "postedAt"
  | "closingDate"
  | "source"
  | "externalId"
>;

/**
 * schema.org JobPosting of an open job: Google's required properties and the recommended ones we
 * hold (salary, employment type, closing date, remote work, identifier). A remote job names the
 * country applicants must be in; an on-site one its place. `directApply` when its page takes the
 * application itself (an employer's job, applied to with a CV), not a feed's sending people on.
 */
export function jobPostingLd(job: Job, origin: string, { directApply }: { directApply: boolean }) {
  const place = {
    "@type": "Place",
    address: {
      "@type": "PostalAddress",
      addressLocality: job.town ?? undefined,
      addressRegion: job.region ?? undefined,
      addressCountry: job.country,
    },
  };
  const salary =
    job.salaryCurrency && job.salaryPeriod && (job.salaryMin !== null || job.salaryMax !== null)
      ? {
          "@type": "MonetaryAmount",
          currency: job.salaryCurrency,
          value: {
            "@type": "QuantitativeValue",
            ...(job.salaryMin !== null && job.salaryMax !== null && job.salaryMin !== job.salaryMax
              ? { minValue: job.salaryMin, maxValue: job.salaryMax }
              : { value: job.salaryMax ?? job.salaryMin }),
            unitText: job.salaryPeriod === "hour" ? "HOUR" : "YEAR",
          },
        }
      : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: job.descriptionHtml,
    datePosted: job.postedAt.toISOString(),
    ...(job.closingDate ? { validThrough: `${job.closingDate}T23:59:59Z` } : {}),
    employmentType: EMPLOYMENT_TYPE[job.type],
    hiringOrganization: { "@type": "Organization", name: job.employerName },
    jobLocation: place,
    ...(job.workArrangement === "remote"
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: job.country } }
      : {}),
    ...(salary ? { baseSalary: salary } : {}),
    identifier: { "@type": "PropertyValue", name: job.source, value: job.externalId },
    directApply,
    url: `${origin}/jobs/${job.slug}`,
  };
}
