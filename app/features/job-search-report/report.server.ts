import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { jobIsListed } from "~/db/schema";
import {
  SALARY_BANDS,
  SPONSORSHIP_STATUSES,
  type SalaryBand,
  type SponsorshipStatus,
} from "~/db/schema/job-posting-values";
import { SPONSORSHIP_LABELS } from "~/features/jobs";
import { todayInLondon } from "~/lib/dates";
import { pounds } from "~/lib/money";
import { ruleSetFor } from "~/features/sponsorship";
import type { ChartSpec } from "~/lib/charts/render.server";
import { percentOf } from "./shares";

/**
 * The figures of the public job search report: the live sponsor register by route, by licence type
 * and rating and by town, and the site's open jobs by sponsorship verdict and salary band. Each
 * chart and its table are made from the same rows, so they cannot disagree.
 */

export type ReportTable = { caption: string; columns: string[]; rows: (string | number)[][] };
export type ReportChart = { id: string; title: string; description?: string; chart: ChartSpec; table: ReportTable };

export type RegisterFigures = {
  snapshotId: number;
  registerDate: string;
  /** The file the register was imported from. */
  source: string;
  importedAt: string;
  /** Lines of the register file (one per organisation, route and rating). */
  rows: number;
  organisations: number;
  routes: number;
  /** Distinct towns and cities, once their spelling is normalised; organisations with none. */
  towns: number;
  townNotGiven: number;
  countyGiven: number;
  charts: ReportChart[];
};

export type JobFigures = {
  /** Open jobs counted (real listings only). */
  open: number;
  /** Open generated demo listings, which are not counted. */
  demoLeftOut: number;
  /** Of the rule set in force on the day: its general and new-entrant thresholds, a year, and where they are set. */
  thresholds: { general: number; newEntrant: number; from: string; title: string; url: string } | null;
  /** Empty while no real job is open: the page then says so instead of drawing empty charts. */
  charts: ReportChart[];
};

export type JobSearchReport = {
  register: RegisterFigures | null;
  jobs: JobFigures;
  /** When the figures were computed (ISO), and that day in the UK. */
  computedAt: string;
  computedOn: string;
};

/** Towns drawn and listed: the register has thousands, most with a handful of sponsors. */
export const TOP_TOWNS = 20;

/** A chart of one count per category, and its table with each category's share of `total`. */
function countChart(
  id: string,
  title: string,
  options: {
    description?: string;
    first: string;
    unit: string;
    total: number;
    shareOf: string;
    rows: { label: string; n: number }[];
  },
): ReportChart {
  const { rows, unit, total } = options;
  return {
    id,
    title,
    description: options.description,
    chart: {
      kind: "bar",
      horizontal: true,
      title,
      categories: rows.map((r) => r.label),
      series: [{ name: unit, values: rows.map((r) => r.n) }],
    },
    table: {
      caption: title,
      columns: [options.first, unit, `Share of ${options.shareOf} (%)`],
      rows: rows.map((r) => [r.label, r.n, percentOf(r.n, total)]),
    },
  };
}

/**
 * "Worker (A rating)", "Temporary Worker (A (Premium))": the register's own "Type & Rating" text,
 * which the importer split into a type and a rating with " rating" dropped.
 */
export function typeAndRating(type: string, rating: string): string {
  return `${type} (${/^[AB]$/.test(rating) ? `${rating} rating` : rating})`;
}

/** A database or a transaction: all the figures need is to run a query. */
type Reader = Pick<Db, "execute">;

type Snapshot = { id: number; register_date: string; source: string; imported_at: string | Date; row_count: number };

async function registerFigures(db: Reader): Promise<RegisterFigures | null> {
  const [snapshot] = await rowsOf<Snapshot>(
    db,
    sql`select id, register_date::text, source, imported_at, row_count from sponsor_snapshots order by id desc limit 1`,
  );
  if (!snapshot) return null;
  // One after another: inside a transaction the queries share one connection anyway.
  const [totals] = await rowsOf<{ organisations: number; town_not_given: number; towns: number; county_given: number }>(
    db,
    sql`select count(*)::int as organisations, count(*) filter (where town_key = '')::int as town_not_given,
               count(distinct town_key) filter (where town_key <> '')::int as towns, count(*) filter (where county_key <> '')::int as county_given
        from sponsor_organisations`,
  );
  const routes = await rowsOf<{ route: string; n: number }>(
    db,
    sql`select r as route, count(*)::int as n from sponsor_organisations, unnest(routes) as r group by 1 order by 2 desc, 1`,
  );
  // An organisation holding one type and rating on several routes counts once for it.
  const ratings = await rowsOf<{ type: string; rating: string; n: number }>(
    db,
    sql`select x.type, x.rating, count(*)::int as n from sponsor_organisations o
        cross join lateral (select distinct l->>'type' as type, l->>'rating' as rating from jsonb_array_elements(o.licences) as l) as x
        group by 1, 2 order by 3 desc, 1 desc, 2`,
  );
  // Grouped by the normalised town (London, LONDON and "London," are one), named by its commonest spelling.
  const towns = await rowsOf<{ town: string; n: number }>(
    db,
    sql`select mode() within group (order by town) as town, count(*)::int as n from sponsor_organisations
        where town_key <> '' group by town_key order by 2 desc, 1 limit ${TOP_TOWNS}`,
  );
  // An aggregate without group by always answers one row.
  const t = totals!;
  const organisations = t.organisations;
  return {
    snapshotId: snapshot.id,
    registerDate: snapshot.register_date,
    source: snapshot.source,
    importedAt: new Date(snapshot.imported_at).toISOString(),
    rows: snapshot.row_count,
    organisations,
    routes: routes.length,
    towns: t.towns,
    townNotGiven: t.town_not_given,
    countyGiven: t.county_given,
    charts: [
      countChart("by-route", "Licensed organisations by visa route", {
        description: routeNote(routes.map((r) => r.route)),
        first: "Route",
        unit: "Organisations",
        total: organisations,
        shareOf: "all organisations",
        rows: routes.map((r) => ({ label: r.route, n: r.n })),
      }),
      countChart("by-rating", "Licensed organisations by licence type and rating", {
        description:
          "Worker licences cover the long-term routes such as Skilled Worker, Temporary Worker licences the temporary ones. An organisation holding both counts once for each.",
        first: "Type and rating",
        unit: "Organisations",
        total: organisations,
        shareOf: "all organisations",
        rows: ratings.map((r) => ({ label: typeAndRating(r.type, r.rating), n: r.n })),
      }),
      countChart("by-town", `The ${TOP_TOWNS} towns and cities with the most licensed organisations`, {
        description:
          "The town or city of each organisation's entry on the register, which is usually its head office rather than every place it employs people.",
        first: "Town or city",
        unit: "Organisations",
        total: organisations,
        shareOf: "all organisations",
        rows: towns.map((r) => ({ label: r.town, n: r.n })),
      }),
    ],
  };
}

/** What the route chart's reader needs to know, including a pair of routes that looks like one. */
function routeNote(routes: string[]): string {
  const note =
    "An organisation licensed for several routes counts once on each, so the figures add up to more than the number of organisations.";
  // The register's own distinction (see ~/features/sponsors/routes): not a spelling to merge.
  return routes.includes("Religious Worker") && routes.includes("Religious Workers")
    ? `${note} "Religious Worker" and "Religious Workers" are two routes on the register, counted apart.`
    : note;
}

async function jobFigures(db: Reader, today: string): Promise<JobFigures> {
  const counts = await rowsOf<{ demo: boolean; status: SponsorshipStatus; band: SalaryBand; n: number }>(
    db,
    sql`select demo, sponsorship_status as status, salary_band as band, count(*)::int as n from job_postings where ${jobIsListed} group by 1, 2, 3`,
  );
  const rules = await ruleSetFor(today);
  // Generated demo listings are not vacancies: a public report of the market must not count them.
  const real = counts.filter((c) => !c.demo);
  const open = real.reduce((s, c) => s + c.n, 0);
  const demoLeftOut = counts.filter((c) => c.demo).reduce((s, c) => s + c.n, 0);
  const thresholds = rules
    ? {
        general: rules.generalThreshold,
        newEntrant: rules.lowerThresholds.newEntrant,
        from: rules.effectiveFrom,
        title: rules.title,
        url: rules.source.url,
      }
    : null;
  if (open === 0) return { open, demoLeftOut, thresholds, charts: [] };

  const sum = (keep: (c: (typeof real)[number]) => boolean) => real.filter(keep).reduce((s, c) => s + c.n, 0);
  const bandLabels: Record<SalaryBand, string> = thresholds
    ? {
        "below-new-entrant": `Below ${pounds(thresholds.newEntrant)} (under the new-entrant threshold)`,
        "new-entrant": `${pounds(thresholds.newEntrant)} to ${pounds(thresholds.general - 1)} (new entrants only)`,
        general: `${pounds(thresholds.general)} or more (the general threshold)`,
        none: "No salary in pounds to compare",
      }
    : {
        "below-new-entrant": "Under the new-entrant threshold",
        "new-entrant": "New entrants only",
        general: "At or above the general threshold",
        none: "No salary in pounds to compare",
      };
  return {
    open,
    demoLeftOut,
    thresholds,
    charts: [
      countChart("jobs-by-sponsorship", "Open jobs by sponsorship status", {
        description:
          "Each job's Skilled Worker verdict as this site last judged it: the employer on the register, the occupation and the salary against the rules.",
        first: "Sponsorship status",
        unit: "Open jobs",
        total: open,
        shareOf: "open jobs",
        rows: SPONSORSHIP_STATUSES.map((status) => ({
          label: SPONSORSHIP_LABELS[status],
          n: sum((c) => c.status === status),
        })),
      }),
      countChart("jobs-by-salary", "Open jobs by salary against the Skilled Worker thresholds", {
        description:
          "The bottom of each job's pay range, a year, against the thresholds of the rules the job was last judged under. Occupations also have going rates, which this does not show.",
        first: "Salary band",
        unit: "Open jobs",
        total: open,
        shareOf: "open jobs",
        rows: SALARY_BANDS.map((band) => ({ label: bandLabels[band], n: sum((c) => c.band === band) })),
      }),
    ],
  };
}

/**
 * Every figure of the report as of `now`, read in one read-only transaction so that a register
 * imported meanwhile cannot mix into half of them.
 */
export async function buildJobSearchReport(db: Db, now: Date): Promise<JobSearchReport> {
  const computedOn = todayInLondon(now);
  return db.transaction(
    async (tx) => {
      const register = await registerFigures(tx);
      const jobs = await jobFigures(tx, computedOn);
      return { register, jobs, computedAt: now.toISOString(), computedOn };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * What the report's figures depend on besides the day and the hour: the register held (its import)
 * and the newest job. Two primary-key look-ups (under 1 ms), where counting the open jobs took 25 ms
 * over 96,000 jobs; a job closed or judged again shows within the hour instead.
 */
export async function reportVersion(db: Db): Promise<string> {
  const [row] = await rowsOf<{ snapshot: number | null; job: number | null }>(
    db,
    sql`select (select max(id) from sponsor_snapshots) as snapshot, (select max(id) from job_postings) as job`,
  );
  return `${row?.snapshot ?? "none"}|${row?.job ?? "none"}`;
}
