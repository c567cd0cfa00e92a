import type { JobPosting } from "~/db/schema";

// What a job list's address and page share, without the validation (zod stays out of the page's files).

export const PAGE_SIZE = 20;
/** The job types of the part-time lists (/part-time-jobs, /jumpstart/part-time-jobs). */
export const PART_TIME_TYPES = ["part-time", "temporary"] as const;
export const POSTED_WITHIN_DAYS = [1, 3, 7, 14, 30] as const;
export const SORTS = ["relevance", "date", "salary"] as const;
export const SEARCH_PARAMS = [
  "q",
  "location",
  "type",
  "sponsorship",
  "salary_min",
  "remote",
  "posted_within",
  "sort",
  "page",
] as const;

/** The parameters as the address wrote them, for the form to show again. */
export type SearchValues = Partial<Record<(typeof SEARCH_PARAMS)[number], string>>;

/** The address of this search with some parameters changed (an empty value removes one). */
export function withParams(path: string, values: SearchValues, changes: SearchValues): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...values, ...changes })) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export type JobSearchPageData = {
  values: SearchValues;
  filtered: boolean;
  errors: { field: string; reason: string }[];
  answer: JobSearchAnswer | null;
  /** The listed jobs the person has saved; null when nobody is logged in. */
  saved: string[] | null;
};

export type Facet = "type" | "sponsorship" | "remote";
export type FacetCounts = Record<Facet, { value: string; count: number }[]>;

export type JobResult = {
  slug: string;
  title: string;
  employer: { name: string; sponsorSlug: string | null };
  location: { town: string | null; region: string | null; country: string; remote: JobPosting["workArrangement"] };
  salary: {
    min: number | null;
    max: number | null;
    currency: string | null;
    period: JobPosting["salaryPeriod"];
    competitive: boolean;
  };
  hoursPerWeek: number | null;
  type: JobPosting["type"];
  soc: { code: string; title: string; confidence: number | null } | null;
  postedAt: string;
  closingDate: string | null;
  sponsorship: { status: JobPosting["sponsorshipStatus"]; reasons: string[] };
  url: string;
  /** Generated demo data, shown as such. */
  demo: boolean;
  /** An employer's job whose organisation is verified and holds a licence on the register (badgedOrganisations). */
  verifiedSponsor: boolean;
};

/** What a job's card in a list shows (JobCard): its result without its occupation and sponsorship reasons. */
export type JobCardData = Pick<
  JobResult,
  "slug" | "title" | "salary" | "hoursPerWeek" | "type" | "postedAt" | "url" | "demo" | "verifiedSponsor"
> & {
  employer: Pick<JobResult["employer"], "name">;
  location: Pick<JobResult["location"], "town" | "region" | "remote">;
  sponsorship: Pick<JobResult["sponsorship"], "status">;
};

/** A job's card data: a page that lists jobs sends its browser only what their cards show. */
export function jobCard(job: JobResult): JobCardData {
  return {
    slug: job.slug,
    title: job.title,
    employer: { name: job.employer.name },
    location: { town: job.location.town, region: job.location.region, remote: job.location.remote },
    salary: job.salary,
    hoursPerWeek: job.hoursPerWeek,
    type: job.type,
    postedAt: job.postedAt,
    sponsorship: { status: job.sponsorship.status },
    url: job.url,
    demo: job.demo,
    verifiedSponsor: job.verifiedSponsor,
  };
}

export type JobSearchAnswer = {
  total: number;
  page: number;
  pageSize: number;
  facets: FacetCounts;
  results: JobResult[];
};
