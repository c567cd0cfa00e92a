import { type SQL, and, count, desc, eq, gt, inArray, like, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type JobPosting, type JobType, jobPostings } from "~/db/schema";
import type { Occupation } from "~/features/sponsorship/rules";
import type { JobSearch } from "./search-params";
import { PAGE_SIZE } from "./search-values";

type Facet = "type" | "sponsorship" | "remote";
/**
 * A search as a list or an alert runs it: `within` some job types (the part-time list), `occupations`
 * whose SOC codes start with one of these (a landing page's field), `addedAfter` a time (an alert's
 * new jobs: added to the platform after its last run, whatever date the source gave).
 */
export type Scoped = JobSearch & { within?: readonly JobType[]; occupations?: readonly string[]; addedAfter?: Date };
export type FacetCounts = Record<Facet, { value: string; count: number }[]>;

/** A year's pay at the top of the range: hourly pay over the job's hours (37.5 when it gives none) and 52 weeks. */
const annualTop = sql`(case when ${jobPostings.salaryPeriod} = 'hour' then coalesce(${jobPostings.salaryMax}, ${jobPostings.salaryMin}) * coalesce(${jobPostings.hoursPerWeek}, 37.5) * 52 else coalesce(${jobPostings.salaryMax}, ${jobPostings.salaryMin}) end)`;

/**
 * The conditions of a search, all combined; `except` leaves one filter out, so that filter's facet
 * counts what choosing each of its values would give.
 */
function conditions(search: Scoped, now: Date, except?: Facet): SQL {
  const parts: SQL[] = [eq(jobPostings.status, "open")];
  if (search.within) parts.push(inArray(jobPostings.type, search.within));
  if (search.occupations) parts.push(or(...search.occupations.map((prefix) => like(jobPostings.socCode, `${prefix}%`)))!);
  if (search.addedAfter) parts.push(gt(jobPostings.createdAt, search.addedAfter));
  if (search.q) {
    const words = search.q.toLowerCase();
    // Words through the weighted full-text vector; a misspelt title or employer through trigram word similarity.
    parts.push(
      sql`(${jobPostings.search} @@ websearch_to_tsquery('english', ${search.q}) or ${words} <% lower(${jobPostings.title}) or ${words} <% lower(${jobPostings.employerName}))`,
    );
  }
  if (search.location) {
    const place = search.location.toLowerCase();
    parts.push(sql`(lower(${jobPostings.town}) = ${place} or lower(${jobPostings.region}) = ${place})`);
  }
  if (search.type && except !== "type") parts.push(eq(jobPostings.type, search.type));
  if (search.sponsorship && except !== "sponsorship") parts.push(eq(jobPostings.sponsorshipStatus, search.sponsorship));
  if (search.remote && except !== "remote") parts.push(eq(jobPostings.workArrangement, search.remote));
  if (search.salary_min !== undefined) parts.push(sql`${annualTop} >= ${search.salary_min}`);
  if (search.posted_within) parts.push(sql`${jobPostings.postedAt} >= ${new Date(now.getTime() - search.posted_within * 86_400_000).toISOString()}::timestamptz`);
  return and(...parts)!;
}

function ordering(search: JobSearch): SQL[] {
  const newest = [desc(jobPostings.postedAt), desc(jobPostings.id)];
  if (search.sort === "date") return newest;
  if (search.sort === "salary") return [sql`${annualTop} desc nulls last`, ...newest];
  if (!search.q) return newest;
  const words = search.q.toLowerCase();
  const relevance = sql`ts_rank_cd(${jobPostings.search}, websearch_to_tsquery('english', ${search.q})) + 0.5 * greatest(word_similarity(${words}, lower(${jobPostings.title})), word_similarity(${words}, lower(${jobPostings.employerName})))`;
  return [sql`${relevance} desc`, ...newest];
}

export type JobResult = {
  slug: string;
  title: string;
  employer: { name: string; sponsorSlug: string | null };
  location: { town: string | null; region: string | null; country: string; remote: JobPosting["workArrangement"] };
  salary: { min: number | null; max: number | null; currency: string | null; period: JobPosting["salaryPeriod"]; competitive: boolean };
  hoursPerWeek: number | null;
  type: JobPosting["type"];
  soc: { code: string; title: string; confidence: number | null } | null;
  postedAt: string;
  closingDate: string | null;
  sponsorship: { status: JobPosting["sponsorshipStatus"]; reasons: string[] };
  url: string;
  /** Generated demo data, shown as such. */
  demo: boolean;
};

export function jobResult(job: JobPosting, occupations: ReadonlyMap<string, Occupation>): JobResult {
  return {
    slug: job.slug,
    title: job.title,
    employer: { name: job.employerName, sponsorSlug: job.sponsorSlug },
    location: { town: job.town, region: job.region, country: job.country, remote: job.workArrangement },
    salary: { min: job.salaryMin, max: job.salaryMax, currency: job.salaryCurrency, period: job.salaryPeriod, competitive: job.salaryCompetitive },
    hoursPerWeek: job.hoursPerWeek,
    type: job.type,
    soc: job.socCode ? { code: job.socCode, title: occupations.get(job.socCode)?.title ?? job.socCode, confidence: job.socConfidence } : null,
    postedAt: job.postedAt.toISOString(),
    closingDate: job.closingDate,
    sponsorship: { status: job.sponsorshipStatus, reasons: job.sponsorshipReasons },
    url: `/jobs/${job.slug}`,
    demo: job.demo,
  };
}

export type JobSearchAnswer = { total: number; page: number; pageSize: number; facets: FacetCounts; results: JobResult[] };

/** Open jobs matching every filter of `search`, 20 a page, with each filter's facet counted over the others. */
export async function searchJobs(db: Db, search: Scoped, now: Date, occupations: ReadonlyMap<string, Occupation>): Promise<JobSearchAnswer> {
  const page = search.page ?? 1;
  const facet = async (name: Facet, column: typeof jobPostings.type | typeof jobPostings.sponsorshipStatus | typeof jobPostings.workArrangement) => {
    const rows = await db.select({ value: column, count: count() }).from(jobPostings).where(conditions(search, now, name)).groupBy(column).orderBy(desc(count()), column);
    return rows.map((r) => ({ value: String(r.value), count: r.count }));
  };
  const [[{ total } = { total: 0 }], rows, type, sponsorship, remote] = await Promise.all([
    db.select({ total: count() }).from(jobPostings).where(conditions(search, now)),
    db
      .select()
      .from(jobPostings)
      .where(conditions(search, now))
      .orderBy(...ordering(search))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    facet("type", jobPostings.type),
    facet("sponsorship", jobPostings.sponsorshipStatus),
    facet("remote", jobPostings.workArrangement),
  ]);
  return { total, page, pageSize: PAGE_SIZE, facets: { type, sponsorship, remote }, results: rows.map((job) => jobResult(job, occupations)) };
}
