import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { type SponsorLicence, jobIsListed } from "~/db/schema";

export type TopEmployer = {
  slug: string;
  name: string;
  town: string;
  licences: SponsorLicence[];
  eligibleJobs: number;
  openJobs: number;
  sampleJob: string | null;
};

/**
 * The employers with the most open jobs likely to qualify for Skilled Worker sponsorship (at the
 * standard or the new-entrant rate) right now, from the jobs and the sponsor register: each with its
 * licences and its open jobs. Ties go to more open jobs, then the name.
 */
export async function topSponsoringEmployers(db: Db, today: string, limit = 30): Promise<TopEmployer[]> {
  return rowsOf<TopEmployer>(
    db,
    sql`select o.slug, o.name, o.town, o.licences,
          count(*) filter (where job_postings.sponsorship_status in ('likely', 'new-entrant'))::int as "eligibleJobs",
          count(*)::int as "openJobs",
          (array_agg(job_postings.slug order by job_postings.posted_at desc) filter (where job_postings.sponsorship_status in ('likely', 'new-entrant')))[1] as "sampleJob"
        from job_postings join sponsor_organisations o on o.slug = job_postings.sponsor_slug
        where ${jobIsListed} and (job_postings.closing_date is null or job_postings.closing_date >= ${today})
        group by o.slug, o.name, o.town, o.licences
        having count(*) filter (where job_postings.sponsorship_status in ('likely', 'new-entrant')) > 0
        order by 5 desc, 6 desc, o.name
        limit ${limit}`,
  );
}
