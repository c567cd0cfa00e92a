import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import type { SalaryBand, SponsorshipStatus } from "~/db/schema/job-posting-values";
import type { SponsorLicence } from "~/db/schema/sponsors";
import { knownNameWords, searchTerms } from "~/features/sponsors";
import { employerStanding } from "~/features/sponsorship/index.server";
import type { RuleSet } from "~/features/sponsorship";
import { type JobTerms, jobVerdict } from "./verdict";
import { tidyJobPostings } from "./maintenance.server";

export type Standing = Awaited<ReturnType<typeof employerStanding>>;

/** Names matched a statement at a time: an index probe each, so a thousand cost a few milliseconds. */
const NAME_BATCH = 1_000;
/** Jobs read a page at a time, so a large table is never held in memory. */
const READ_PAGE = 10_000;
/** Changed rows written a statement at a time. */
const WRITE_BATCH = 5_000;

function standingOf(
  name: string,
  found: { slug: string; name: string; licences: SponsorLicence[] } | undefined,
): Standing {
  if (!found) return { name, licensed: false, skilledWorker: false, rating: null, slug: null };
  const skilled = found.licences.find((l) => l.route === "Skilled Worker");
  return {
    name: found.name,
    licensed: true,
    skilledWorker: !!skilled,
    rating: skilled?.rating ?? null,
    slug: found.slug,
  };
}

/**
 * The register standing of many employer names at once, as `employerStanding` finds each: only a
 * firm match counts (the exact, trading or core name), the best one by the sponsor checker's order.
 * For these kinds its order comes down to kind, then the organisation's name and slug (the query is
 * the whole name, so every similarity is 1). A name that is a known short name or spelling
 * (aliases.ts) is rare and matched by `employerStanding` itself, one at a time.
 */
export async function employerStandings(db: Db, names: readonly string[]): Promise<Map<string, Standing>> {
  const standings = new Map<string, Standing>();
  const batched: { name: string; full: string; core: string }[] = [];
  for (const name of new Set(names)) {
    const { full, core } = searchTerms(name);
    if (!core) standings.set(name, standingOf(name, undefined));
    else if (knownNameWords(core).length) standings.set(name, await employerStanding(db, name));
    else batched.push({ name, full, core });
  }
  for (let start = 0; start < batched.length; start += NAME_BATCH) {
    const batch = batched.slice(start, start + NAME_BATCH);
    const found = await rowsOf<{ i: number; slug: string; name: string; licences: SponsorLicence[] }>(
      db,
      sql`
        select distinct on (q.i) q.i, o.slug, o.name, o.licences
        from unnest(${sql.param(batch.map((_, i) => i))}::int[], ${sql.param(batch.map((b) => b.full))}::text[], ${sql.param(batch.map((b) => b.core))}::text[]) as q(i, "full", core)
        join sponsor_names n on n.core = q.core
        join sponsor_organisations o on o.id = n.organisation_id
        order by q.i, case when not n.is_alias and n."full" = q."full" then 0 when n.is_alias then 1 else 2 end, o.name, o.slug`,
    );
    const byIndex = new Map(found.map((f) => [f.i, f]));
    batch.forEach((b, i) => standings.set(b.name, standingOf(b.name, byIndex.get(i))));
  }
  return standings;
}

/**
 * An employer organisation's jobs are judged on the register entry it chose (none, or one a refresh
 * removed: not licensed), never on a match of its name, as they were when posted.
 */
async function organisationStandings(db: Db): Promise<Map<number, Standing>> {
  const rows = await rowsOf<{
    id: number;
    name: string;
    slug: string | null;
    licences: SponsorLicence[] | null;
  }>(
    db,
    sql`select o.id, o.name, s.slug, s.licences
        from employer_organisations o left join sponsor_organisations s on s.org_key = o.register_org_key
        where o.id in (select distinct employer_organisation_id from job_postings where status = 'open')`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      // The organisation's own name, as its jobs show it, with the entry's licences.
      standingOf(r.name, r.slug ? { slug: r.slug, name: r.name, licences: r.licences ?? [] } : undefined),
    ]),
  );
}

export type RecomputeSummary = {
  /** Open jobs judged. */
  checked: number;
  /** Of them, those whose register entry or verdict changed and were written. */
  changed: number;
  /** Open jobs by their status after the recompute. */
  byStatus: Record<SponsorshipStatus, number>;
};

type OpenJob = {
  id: number;
  employer_name: string;
  employer_organisation_id: number | null;
  soc_code: string | null;
  salary_min: string | null;
  salary_max: string | null;
  salary_period: "year" | "hour" | null;
  salary_currency: string | null;
  hours_per_week: number | null;
  country: string;
  sponsor_slug: string | null;
  sponsorship_status: SponsorshipStatus;
  salary_band: SalaryBand;
  sponsorship_reasons: string[];
  sponsorship_rules: string | null;
  /** The row's version: a job rewritten since it was read (a feed import) is left as that writer made it. */
  version: string;
};

type Change = {
  id: number;
  slug: string | null;
  status: SponsorshipStatus;
  salaryBand: SalaryBand;
  reasons: string[];
  rules: string;
  version: string;
};

/**
 * Judges every open job again, after the rules or the register changed: each distinct employer name
 * is matched on the register once, each job's verdict worked out as the import does (the bottom of
 * the salary range, a certificate issued `today` under `rules`), and only the jobs whose register
 * entry or verdict differ are written, in one transaction, a few thousand a statement. Closed jobs
 * keep the verdict they closed with. A job another writer changed meanwhile is skipped: that writer
 * judged it itself.
 */
export async function recomputeSponsorship(
  db: Db,
  options: { now: Date; today: string; rules: RuleSet; log?: (line: string) => void },
): Promise<RecomputeSummary> {
  const { now, today, rules, log = () => {} } = options;
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select distinct employer_name as name from job_postings where status = 'open' and employer_organisation_id is null`,
  );
  const organisations = await organisationStandings(db);
  const standings = await employerStandings(
    db,
    names.map((n) => n.name),
  );
  log(`Matched ${standings.size.toLocaleString("en-GB")} employer names on the register.`);

  const summary: RecomputeSummary = {
    checked: 0,
    changed: 0,
    byStatus: { likely: 0, "new-entrant": 0, "licensed-only": 0, unlikely: 0, unknown: 0 },
  };
  // Every job is read and judged before anything is written (only the changes are kept): reading the
  // next page among rows just rewritten made the whole slower (100,000 jobs on PGlite: 62 s, not 52 s).
  const changes: Change[] = [];
  let after = 0;
  for (;;) {
    const jobs = await rowsOf<OpenJob>(
      db,
      sql`
        select id, employer_name, employer_organisation_id, soc_code, salary_min, salary_max, salary_period, salary_currency, hours_per_week, country,
               sponsor_slug, sponsorship_status, salary_band, sponsorship_reasons, sponsorship_rules, xmin::text as version
        from job_postings where status = 'open' and id > ${after} order by id limit ${READ_PAGE}`,
    );
    if (!jobs.length) break;
    after = jobs.at(-1)!.id;
    for (const job of jobs) {
      const found =
        (job.employer_organisation_id !== null ? organisations.get(job.employer_organisation_id) : undefined) ??
        standings.get(job.employer_name) ??
        (await employerStanding(db, job.employer_name));
      const salaryMin = job.salary_min ?? job.salary_max;
      const terms: JobTerms = {
        socCode: job.soc_code,
        salaryMin: salaryMin === null ? null : Number(salaryMin),
        salaryPeriod: job.salary_period,
        salaryCurrency: job.salary_currency,
        hoursPerWeek: job.hours_per_week,
        country: job.country,
      };
      const verdict = jobVerdict(
        terms,
        rules,
        { name: found.name, licensed: found.licensed, skilledWorker: found.skilledWorker, rating: found.rating },
        today,
      );
      summary.checked += 1;
      summary.byStatus[verdict.status] += 1;
      const same =
        job.sponsor_slug === found.slug &&
        job.sponsorship_status === verdict.status &&
        job.salary_band === verdict.salaryBand &&
        job.sponsorship_rules === verdict.rules &&
        JSON.stringify(job.sponsorship_reasons) === JSON.stringify(verdict.reasons);
      if (!same)
        changes.push({
          id: job.id,
          slug: found.slug,
          status: verdict.status,
          salaryBand: verdict.salaryBand,
          reasons: verdict.reasons,
          rules: verdict.rules,
          version: job.version,
        });
    }
    log(`Judged ${summary.checked.toLocaleString("en-GB")} open jobs.`);
  }

  // One transaction: a recompute that fails leaves every verdict as it was.
  await db.transaction(async (tx) => {
    for (let start = 0; start < changes.length; start += WRITE_BATCH) {
      const batch = changes.slice(start, start + WRITE_BATCH);
      const col = <T>(f: (c: Change) => T) => sql.param(batch.map(f));
      const written = await rowsOf<{ id: number }>(
        tx,
        sql`
          update job_postings j
          set sponsor_slug = u.slug, sponsorship_status = u.status::sponsorship_status, salary_band = u.band, sponsorship_reasons = u.reasons::jsonb,
              sponsorship_rules = u.rules, updated_at = ${now.toISOString()}::timestamptz
          from unnest(${col((c) => c.id)}::int[], ${col((c) => c.slug)}::text[], ${col((c) => c.status)}::text[], ${col((c) => c.salaryBand)}::text[],
                      ${col((c) => JSON.stringify(c.reasons))}::text[], ${col((c) => c.rules)}::text[], ${col((c) => c.version)}::text[])
               as u(id, slug, status, band, reasons, rules, version)
          where j.id = u.id and j.status = 'open' and j.xmin = u.version::xid
          returning j.id`,
      );
      summary.changed += written.length;
    }
  });
  if (changes.length) log(`Wrote ${summary.changed.toLocaleString("en-GB")} changed verdicts.`);
  await tidyJobPostings(db, summary.changed);
  return summary;
}
