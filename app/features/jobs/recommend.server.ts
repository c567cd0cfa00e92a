import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { jobPostings } from "~/db/schema";
import { JOB_TYPES, SPONSORSHIP_STATUSES } from "~/db/schema/job-posting-values";
import { SECTORS } from "~/features/accounts";
import { todayInLondon } from "~/lib/dates";
import type { Occupation } from "~/features/sponsorship";
import { type JobIndex, dayNumber, jobIndexOf, ofHiddenEmployer } from "./search-index.server";
import { jobResult, jobResultColumns } from "./search.server";
import { type JobResult } from "./search-values";
import { SECTOR_OCCUPATIONS } from "./sector-occupations";

/** What a student told us that ranks jobs for them (their profile). */
export type JobPreferences = {
  /** Towns or regions, as typed. */
  locations: readonly string[];
  /** The profile's job types ("placement" is an internship here). */
  jobTypes: readonly string[];
  /** The profile's sectors (SECTORS keys). */
  sectors: readonly string[];
  /** Where the student is in their studies: graduating within a year (graduate schemes fit), or further from it (internships and part-time work fit). */
  stage: "graduating" | "studying" | null;
  /** On a Student or Graduate visa: a job that could be sponsored counts most. */
  needsSponsorship: boolean;
};

const TYPE_WORDS: Record<string, string> = {
  "full-time": "a full-time job",
  "part-time": "a part-time job",
  internship: "an internship",
  "graduate-scheme": "a graduate scheme",
  contract: "a contract",
  temporary: "temporary work",
};

type Scored = { at: number; score: number };

/** The kinds of job that suit each stage of study, counted when the profile names no kind of job of its own. */
const STAGE_TYPES: Record<"graduating" | "studying", readonly string[]> = {
  graduating: ["graduate-scheme"],
  studying: ["internship", "part-time"],
};

const SPONSORSHIP_FIT: Partial<Record<(typeof SPONSORSHIP_STATUSES)[number], { points: number; why: string }>> = {
  likely: { points: 3, why: "likely to qualify for Skilled Worker sponsorship" },
  "new-entrant": { points: 3, why: "qualifies for sponsorship at the new-entrant rate for graduates" },
  "licensed-only": { points: 1, why: "the employer holds a sponsor licence" },
};

/** A student's preferences as the scoring reads them, worked out once for all the open jobs. */
type Fit = {
  places: Set<string>;
  /** Indexes into JOB_TYPES: the kinds of job named, then those that suit the stage of study. */
  types: Set<number>;
  stageTypes: Set<number>;
  stage: JobPreferences["stage"];
  fields: [string, readonly string[]][];
  /** By index into SPONSORSHIP_STATUSES; empty when the student needs no sponsorship. */
  sponsorship: ((typeof SPONSORSHIP_FIT)[keyof typeof SPONSORSHIP_FIT] | undefined)[];
};

/**
 * A job's fit: the place, the kind of job, and (for those who need it) sponsorship. With `why`, its
 * reasons in words too, which only the few jobs shown need. It runs for every open job on each
 * dashboard view, so it makes nothing it does not keep.
 */
function score(index: JobIndex, i: number, fit: Fit, why: string[] | null): number {
  let points = 0;
  if (fit.places.size) {
    const town = index.town[i];
    const region = index.region[i];
    const place = town && fit.places.has(town) ? town : region && fit.places.has(region) ? region : null;
    if (place) {
      points += 3;
      why?.push(`in ${place.replace(/\b\p{L}/gu, (c) => c.toUpperCase())}`);
    }
  }
  const type = index.type[i]!;
  if (fit.types.has(type)) {
    points += 2;
    why?.push(TYPE_WORDS[JOB_TYPES[type]!]!);
  } else if (fit.stageTypes.has(type)) {
    points += 1;
    why?.push(
      `${TYPE_WORDS[JOB_TYPES[type]!]} for ${fit.stage === "graduating" ? "a student finishing this year" : "a student with time before graduating"}`,
    );
  }
  if (fit.fields.length) {
    const soc = index.soc[i];
    const field = soc ? fit.fields.find(([, prefixes]) => prefixes.some((p) => soc.startsWith(p))) : undefined;
    if (field) {
      points += 2;
      why?.push(`in ${field[0]}`);
    }
  }
  const sponsorship = fit.sponsorship[index.sponsorship[i]!];
  if (sponsorship) {
    points += sponsorship.points;
    why?.push(sponsorship.why);
  }
  return points;
}

const jobsQuery = preparedQuery((db) =>
  db
    .select(jobResultColumns)
    .from(jobPostings)
    .where(sql`${jobPostings.id} = any(${sql.placeholder("ids")})`)
    .prepare("recommended_jobs"),
);

/**
 * The open jobs that fit a student best (place 3, sponsorship 3 or 1, kind of job 2, sector 2, a kind
 * that suits their stage of study 1; the newest
 * first among equals), each with one line saying why; without a fit, the newest jobs. The jobs of
 * `hiddenEmployers` (those that do not reach the student's university) are left out.
 */
export async function recommendedJobs(
  db: Db,
  prefs: JobPreferences,
  now: Date,
  occupations: ReadonlyMap<string, Occupation>,
  { limit = 5, hiddenEmployers = null }: { limit?: number; hiddenEmployers?: ReadonlySet<number> | null } = {},
): Promise<{ job: JobResult; why: string }[]> {
  const index = await jobIndexOf(db);
  const today = dayNumber(todayInLondon(now));
  const types = new Set(
    prefs.jobTypes
      .map((t) => JOB_TYPES.indexOf((t === "placement" ? "internship" : t) as (typeof JOB_TYPES)[number]))
      .filter((t) => t >= 0),
  );
  const fit: Fit = {
    places: new Set(prefs.locations.map((l) => l.trim().toLowerCase()).filter(Boolean)),
    types,
    stageTypes: new Set(
      prefs.stage
        ? STAGE_TYPES[prefs.stage].map((t) => JOB_TYPES.indexOf(t as (typeof JOB_TYPES)[number])).filter((t) => t >= 0)
        : [],
    ),
    stage: prefs.stage,
    fields: prefs.sectors.flatMap((sector): [string, readonly string[]][] =>
      sector in SECTOR_OCCUPATIONS
        ? [[SECTORS[sector as keyof typeof SECTORS].toLowerCase(), SECTOR_OCCUPATIONS[sector as keyof typeof SECTORS]]]
        : [],
    ),
    sponsorship: prefs.needsSponsorship ? SPONSORSHIP_STATUSES.map((status) => SPONSORSHIP_FIT[status]) : [],
  };
  const best: Scored[] = [];
  for (let i = 0; i < index.size; i++) {
    if (!(index.closingDay[i]! >= today)) continue;
    if (ofHiddenEmployer(index, i, hiddenEmployers)) continue;
    const points = score(index, i, fit, null);
    // Kept in order of score, the newest (lower position) first among equals: a short insertion.
    if (best.length < limit || points > best[best.length - 1]!.score) {
      const at = best.findIndex((b) => b.score < points);
      best.splice(at < 0 ? best.length : at, 0, { at: i, score: points });
      if (best.length > limit) best.pop();
    }
  }
  const ids = best.map((b) => index.ids[b.at]!);
  const rows = ids.length ? await jobsQuery(db).execute({ ids }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return best.flatMap((b) => {
    const job = byId.get(index.ids[b.at]!);
    if (!job) return [];
    const reasons: string[] = [];
    score(index, b.at, fit, reasons);
    const why = reasons.length ? `Recommended: ${reasons.join(", ")}.` : "One of the newest jobs.";
    return [{ job: jobResult(job, occupations), why }];
  });
}
