import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { jobIsListed } from "~/db/schema";
import { JOB_TYPES, SPONSORSHIP_STATUSES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";

/**
 * The open jobs' filterable fields in memory, newest first (posted, then id, descending), for job
 * search to filter, count facets and order in one pass: PostgreSQL answers only which jobs have the
 * words (its full-text index). On PGlite a search that counted and ordered its matches in SQL read
 * each of them twice (120 ms for "manager" among 100,000 jobs); here it reads their ids once (30 ms).
 * About 150 bytes a job; reloaded whenever a statement has written `job_postings` (the version
 * its trigger moves, migration 0021), which every search asks first, so every instance of the
 * server sees every change.
 */
export type JobIndex = {
  size: number;
  ids: Int32Array;
  /** Position of each job, by id (-1: not an open job). */
  position: Int32Array;
  /** Indexes into JOB_TYPES, SPONSORSHIP_STATUSES and WORK_ARRANGEMENTS. */
  type: Uint8Array;
  sponsorship: Uint8Array;
  remote: Uint8Array;
  /** Lower case, as the search compares them. */
  town: (string | null)[];
  region: (string | null)[];
  title: string[];
  employer: string[];
  /** The employer organisation whose own job it is (employer_organisation_id), 0 for a job from a feed. */
  organisation: Int32Array;
  soc: (string | null)[];
  /** Microseconds since 1970, as PostgreSQL keeps them (an alert's "added after" must not lose the last microsecond). */
  postedAt: Float64Array;
  createdAt: Float64Array;
  /** The closing date as yyyymmdd, or Infinity when the job gives none. */
  closingDay: Float64Array;
  /** A year's pay at the top of the range (see annualTop), NaN without a figure. */
  annualTop: Float64Array;
  /** Positions by annualTop, highest first, jobs without a figure last, then newest first. */
  bySalary: Int32Array;
};

/** A year's pay at the top of the range: hourly pay over the job's hours (37.5 when it gives none) and 52 weeks. */
export function annualTop(
  min: number | null,
  max: number | null,
  period: string | null,
  hoursPerWeek: number | null,
): number {
  const top = max ?? min;
  if (top === null) return Number.NaN;
  return period === "hour" ? top * (hoursPerWeek ?? 37.5) * 52 : top;
}

/**
 * Whether the job at position `i` is the own job of one of `hidden`, the employer organisations that
 * do not reach the asker's university (a feed's job is no organisation's: never hidden).
 */
export function ofHiddenEmployer(index: JobIndex, i: number, hidden: ReadonlySet<number> | null): boolean {
  const organisation = index.organisation[i]!;
  return hidden !== null && organisation !== 0 && hidden.has(organisation);
}

/** "2026-11-24" as 20261124, so that dates compare as numbers. */
export const dayNumber = (isoDate: string) => Number(isoDate.replaceAll("-", ""));

const codes = (values: readonly string[]) => new Map(values.map((v, i) => [v, i]));
const TYPE = codes(JOB_TYPES);
const SPONSORSHIP = codes(SPONSORSHIP_STATUSES);
const REMOTE = codes(WORK_ARRANGEMENTS);

const text = (column: string) => sql.raw(`translate(coalesce(${column}, ''), E'\\t\\n\\r', '   ')`);
const micros = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint`);

/** One row of text for all open jobs: the PGlite client takes 27 µs a row, 2 s for 70,000 jobs. */
async function load(db: Db): Promise<JobIndex> {
  const [row] = await rowsOf<{ jobs: string | null }>(
    db,
    sql`select string_agg(concat_ws(E'\t', id, type, sponsorship_status, work_arrangement, ${text("town")}, ${text("region")}, ${micros("posted_at")},
        ${micros("created_at")}, coalesce(closing_date::text, ''), coalesce(soc_code, ''), coalesce(salary_min::text, ''), coalesce(salary_max::text, ''),
        coalesce(salary_period::text, ''), coalesce(hours_per_week::text, ''), ${text("title")}, ${text("employer_name")}, coalesce(employer_organisation_id, 0)), E'\n' order by posted_at desc, id desc) as jobs
    from job_postings where ${jobIsListed}`,
  );
  const lines = row?.jobs ? row.jobs.split("\n") : [];
  const size = lines.length;
  const index: JobIndex = {
    size,
    ids: new Int32Array(size),
    position: new Int32Array(0),
    type: new Uint8Array(size),
    sponsorship: new Uint8Array(size),
    remote: new Uint8Array(size),
    town: new Array(size),
    region: new Array(size),
    title: new Array(size),
    employer: new Array(size),
    organisation: new Int32Array(size),
    soc: new Array(size),
    postedAt: new Float64Array(size),
    createdAt: new Float64Array(size),
    closingDay: new Float64Array(size),
    annualTop: new Float64Array(size),
    bySalary: new Int32Array(size),
  };
  const orNull = (value: string) => (value === "" ? null : value);
  const numberOrNull = (value: string) => (value === "" ? null : Number(value));
  for (let i = 0; i < size; i++) {
    const [
      id,
      type,
      sponsorship,
      remote,
      town,
      region,
      posted,
      created,
      closing,
      soc,
      min,
      max,
      period,
      hours,
      title,
      employer,
      organisation,
    ] = lines[i]!.split("\t") as string[] & { length: 17 };
    index.ids[i] = Number(id);
    index.type[i] = TYPE.get(type!)!;
    index.sponsorship[i] = SPONSORSHIP.get(sponsorship!)!;
    index.remote[i] = REMOTE.get(remote!)!;
    index.town[i] = orNull(town!.toLowerCase());
    index.region[i] = orNull(region!.toLowerCase());
    index.postedAt[i] = Number(posted);
    index.createdAt[i] = Number(created);
    index.closingDay[i] = closing ? dayNumber(closing) : Number.POSITIVE_INFINITY;
    index.soc[i] = orNull(soc!);
    index.annualTop[i] = annualTop(numberOrNull(min!), numberOrNull(max!), orNull(period!), numberOrNull(hours!));
    index.title[i] = title!.toLowerCase();
    index.employer[i] = employer!.toLowerCase();
    index.organisation[i] = Number(organisation);
  }
  // Ids are a sequence: an array by id is a tenth of a map's time to look up, which a search does for every match.
  index.position = new Int32Array(index.ids.reduce((top, id) => Math.max(top, id), -1) + 1).fill(-1);
  for (let i = 0; i < size; i++) index.position[index.ids[i]!] = i;
  const bySalary = Array.from({ length: size }, (_, i) => i);
  const pay = index.annualTop;
  bySalary.sort((a, b) =>
    Number.isNaN(pay[a]!)
      ? Number.isNaN(pay[b]!)
        ? a - b
        : 1
      : Number.isNaN(pay[b]!)
        ? -1
        : pay[b]! - pay[a]! || a - b,
  );
  index.bySalary.set(bySalary);
  return index;
}

const held = new WeakMap<Db, { version: number; index: Promise<JobIndex> }>();

/** The index of `db`'s open jobs as they stand: the one held, or a new one when a job was written since. */
export async function jobIndexOf(db: Db): Promise<JobIndex> {
  const [{ version } = { version: "0" }] = await rowsOf<{ version: string }>(
    db,
    sql`select version::text from job_postings_version`,
  );
  const current = held.get(db);
  if (current && current.version === Number(version)) return current.index;
  const index = load(db);
  held.set(db, { version: Number(version), index });
  // A failed load is not kept: the next search tries again.
  index.catch(() => {
    if (held.get(db)?.index === index) held.delete(db);
  });
  return index;
}
