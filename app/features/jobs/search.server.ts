import { inArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { type JobPosting, type JobType, jobPostings } from "~/db/schema";
import { JOB_TYPES, SPONSORSHIP_STATUSES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";
import { todayInLondon } from "~/lib/dates";
import type { Occupation } from "~/features/sponsorship";
import { badgedOrganisations } from "./badge.server";
import { type JobIndex, dayNumber, jobIndexOf, ofHiddenEmployer } from "./search-index.server";
import type { JobSearch } from "./search-params";
import { type Facet, type FacetCounts, type JobResult, type JobSearchAnswer, PAGE_SIZE } from "./search-values";

/**
 * A search as a list or an alert runs it: `within` some job types (the part-time list), `occupations`
 * whose SOC codes start with one of these (a landing page's field), `addedAfter` a time (an alert's
 * new jobs: added to the platform after its last run, whatever date the source gave), leaving out the
 * jobs of `hiddenEmployers` (the employer organisations that do not reach the asker's university).
 */
export type Scoped = JobSearch & {
  within?: readonly JobType[];
  occupations?: readonly string[];
  addedAfter?: Date;
  hiddenEmployers?: ReadonlySet<number> | null;
};

/**
 * How `q` is matched: its words through the weighted full-text vector, with misspelt ones corrected
 * (`corrected`, see correctedQuery); `fuzzy` adds trigram word similarity to the title or employer,
 * the last resort when no job has the words.
 */
type Matching = { q: string; corrected: string | null; fuzzy: boolean };

const tsquery = (m: Matching) =>
  m.corrected
    ? sql`(websearch_to_tsquery('english', ${m.q}) || websearch_to_tsquery('english', ${m.corrected}))`
    : sql`websearch_to_tsquery('english', ${m.q})`;

/** The jobs of the index with the words (`has`, by position), and how much each resembles them when matched by trigrams. */
type Match = { has: Uint8Array; count: number; similarity: Float64Array | null };

/**
 * Which open jobs have the words: the full-text index, and for a fuzzy match the trigram indexes,
 * answer ids as one row of text (a row each would cost more than the search: 27 µs a row on PGlite).
 * Status is left to the index, which holds open jobs only: as a condition here the planner could
 * prefer its index to the full-text one and read every open job's vector out of TOAST.
 */
async function matchOf(db: Db, index: JobIndex, m: Matching): Promise<Match> {
  const words = m.q.toLowerCase();
  const [{ ids } = { ids: null }] = m.fuzzy
    ? await rowsOf<{ ids: string | null }>(
        db,
        sql`select string_agg(id || ':' || greatest(word_similarity(${words}, lower(title)), word_similarity(${words}, lower(employer_name))), ',') as ids
          from job_postings where search @@ ${tsquery(m)} or ${words} <% lower(title) or ${words} <% lower(employer_name)`,
      )
    : await rowsOf<{ ids: string | null }>(
        db,
        sql`select string_agg(id::text, ',') as ids from job_postings where search @@ ${tsquery(m)}`,
      );
  const has = new Uint8Array(index.size);
  const similarity = m.fuzzy ? new Float64Array(index.size) : null;
  let count = 0;
  if (!ids) return { has, count, similarity };
  if (similarity) {
    for (const entry of ids.split(",")) {
      const [id, resemblance] = entry.split(":");
      const at = index.position[Number(id)] ?? -1;
      if (at >= 0) [has[at], similarity[at], count] = [1, Number(resemblance), count + 1];
    }
    return { has, count, similarity };
  }
  // Read digit by digit: splitting the text of 45,000 ids and converting each took 15 ms.
  let id = 0;
  for (let c = 0; c <= ids.length; c++) {
    const digit = c < ids.length ? ids.charCodeAt(c) - 48 : -1;
    if (digit >= 0 && digit <= 9) id = id * 10 + digit;
    else {
      const at = index.position[id] ?? -1;
      if (at >= 0) [has[at], count] = [1, count + 1];
      id = 0;
    }
  }
  return { has, count, similarity };
}

const FACETS = { type: JOB_TYPES, sponsorship: SPONSORSHIP_STATUSES, remote: WORK_ARRANGEMENTS } as const;
const code = (facet: Facet, value: string | undefined) =>
  value === undefined ? -1 : (FACETS[facet] as readonly string[]).indexOf(value);
const [TYPES, STATUSES, ARRANGEMENTS] = [JOB_TYPES.length, SPONSORSHIP_STATUSES.length, WORK_ARRANGEMENTS.length];

/**
 * One pass over the open jobs (in the order asked for: newest first, or by pay): the jobs matching
 * every filter (`hits`, in that order) and, over those matching all but the three faceted filters
 * (type, sponsorship, remote), a count of each combination of their values, from which each facet
 * counts its values over the other two filters: what choosing the value would give.
 */
function sift(
  index: JobIndex,
  search: Scoped,
  now: Date,
  match: Match | null,
): { hits: number[]; facets: FacetCounts } {
  // A job past its closing date is closed on its page (page.server.ts) before an import closes it.
  const today = dayNumber(todayInLondon(now));
  const within = search.within ? new Set(search.within.map((t) => code("type", t))) : null;
  const occupations = search.occupations ?? null;
  const addedAfter = search.addedAfter ? search.addedAfter.getTime() * 1000 : null;
  const place = search.location?.toLowerCase() ?? null;
  const salaryMin = search.salary_min ?? null;
  const since = search.posted_within ? (now.getTime() - search.posted_within * 86_400_000) * 1000 : null;
  const hidden = search.hiddenEmployers?.size ? search.hiddenEmployers : null;
  const [type, sponsorship, remote] = [
    code("type", search.type),
    code("sponsorship", search.sponsorship),
    code("remote", search.remote),
  ];
  const groups = new Int32Array(TYPES * STATUSES * ARRANGEMENTS);
  const hits: number[] = [];
  const order = search.sort === "salary" ? index.bySalary : null;
  for (let k = 0; k < index.size; k++) {
    const i = order ? order[k]! : k;
    if (!(index.closingDay[i]! >= today)) continue;
    if (match && !match.has[i]) continue;
    if (ofHiddenEmployer(index, i, hidden)) continue;
    if (within && !within.has(index.type[i]!)) continue;
    if (occupations && !occupations.some((prefix) => index.soc[i]?.startsWith(prefix))) continue;
    if (addedAfter !== null && !(index.createdAt[i]! > addedAfter)) continue;
    if (place !== null && index.town[i] !== place && index.region[i] !== place) continue;
    if (salaryMin !== null && !(index.annualTop[i]! >= salaryMin)) continue;
    if (since !== null && !(index.postedAt[i]! >= since)) continue;
    const [t, s, r] = [index.type[i]!, index.sponsorship[i]!, index.remote[i]!];
    groups[(t * STATUSES + s) * ARRANGEMENTS + r]! += 1;
    if ((type < 0 || t === type) && (sponsorship < 0 || s === sponsorship) && (remote < 0 || r === remote))
      hits.push(i);
  }
  const counts = {
    type: new Array<number>(TYPES).fill(0),
    sponsorship: new Array<number>(STATUSES).fill(0),
    remote: new Array<number>(ARRANGEMENTS).fill(0),
  };
  for (let t = 0; t < TYPES; t++) {
    for (let s = 0; s < STATUSES; s++) {
      for (let r = 0; r < ARRANGEMENTS; r++) {
        const n = groups[(t * STATUSES + s) * ARRANGEMENTS + r]!;
        const [typeOk, sponsorshipOk, remoteOk] = [
          type < 0 || t === type,
          sponsorship < 0 || s === sponsorship,
          remote < 0 || r === remote,
        ];
        if (sponsorshipOk && remoteOk) counts.type[t]! += n;
        if (typeOk && remoteOk) counts.sponsorship[s]! += n;
        if (typeOk && sponsorshipOk) counts.remote[r]! += n;
      }
    }
  }
  // Each facet lists the values some job has, by count, then in the enum's order.
  const facets = {} as FacetCounts;
  for (const facet of ["type", "sponsorship", "remote"] as const) {
    facets[facet] = counts[facet]
      .map((count, at) => ({ value: FACETS[facet][at]!, count, at }))
      .filter((f) => f.count > 0)
      .sort((a, b) => b.count - a.count || a.at - b.at)
      .map(({ value, count }) => ({ value, count }));
  }
  return { hits, facets };
}

/** Words that say nothing about the job, left out of the relevance score. */
const FILLER = new Set(["and", "the", "for", "with", "from", "job", "jobs"]);

/**
 * `hits` (newest first) by relevance: the query's words in the title count twice, in the employer's
 * name once (each word as its first letters, so that "manager" meets "management"), then the newest
 * first; matches by trigram similarity (`fuzzy`) by their similarity. Ordered by date or pay, the
 * hits are already in order.
 */
function byRelevance(
  index: JobIndex,
  hits: number[],
  search: JobSearch,
  matching: Matching | null,
  match: Match | null,
): number[] {
  if ((search.sort ?? "relevance") !== "relevance" || !matching || !match) return hits;
  const similarity = match.similarity;
  if (similarity) return hits.sort((a, b) => similarity[b]! - similarity[a]!);
  const stems = [
    ...new Set(
      (matching.corrected ?? matching.q)
        .toLowerCase()
        .match(/[\p{L}\p{N}]{3,}/gu)
        ?.filter((w) => !FILLER.has(w))
        .map((w) => w.slice(0, Math.max(4, w.length - 3))),
    ),
  ];
  if (!stems.length) return hits;
  const score = (i: number) =>
    stems.reduce(
      (sum, stem) => sum + (index.title[i]!.includes(stem) ? 2 : 0) + (index.employer[i]!.includes(stem) ? 1 : 0),
      0,
    );
  // A bucket a score, each filled newest first.
  const buckets = Array.from({ length: 3 * stems.length + 1 }, (): number[] => []);
  for (const i of hits) buckets[score(i)]!.push(i);
  return buckets.reverse().flat();
}

/**
 * The columns `jobResult` reads: a list of jobs selects these, not the descriptions (kilobytes of
 * text each, which PostgreSQL would read and send for nothing).
 */
export const jobResultColumns = {
  id: jobPostings.id,
  slug: jobPostings.slug,
  title: jobPostings.title,
  employerName: jobPostings.employerName,
  sponsorSlug: jobPostings.sponsorSlug,
  town: jobPostings.town,
  region: jobPostings.region,
  country: jobPostings.country,
  workArrangement: jobPostings.workArrangement,
  salaryMin: jobPostings.salaryMin,
  salaryMax: jobPostings.salaryMax,
  salaryCurrency: jobPostings.salaryCurrency,
  salaryPeriod: jobPostings.salaryPeriod,
  salaryCompetitive: jobPostings.salaryCompetitive,
  hoursPerWeek: jobPostings.hoursPerWeek,
  type: jobPostings.type,
  socCode: jobPostings.socCode,
  socConfidence: jobPostings.socConfidence,
  postedAt: jobPostings.postedAt,
  closingDate: jobPostings.closingDate,
  sponsorshipStatus: jobPostings.sponsorshipStatus,
  sponsorshipReasons: jobPostings.sponsorshipReasons,
  demo: jobPostings.demo,
  employerOrganisationId: jobPostings.employerOrganisationId,
  status: jobPostings.status,
  closedAt: jobPostings.closedAt,
};
export type JobResultRow = Pick<JobPosting, keyof typeof jobResultColumns>;

export function jobResult(
  job: JobResultRow,
  occupations: ReadonlyMap<string, Occupation>,
  badged?: ReadonlySet<number>,
): JobResult {
  return {
    slug: job.slug,
    title: job.title,
    employer: { name: job.employerName, sponsorSlug: job.sponsorSlug },
    location: { town: job.town, region: job.region, country: job.country, remote: job.workArrangement },
    salary: {
      min: job.salaryMin,
      max: job.salaryMax,
      currency: job.salaryCurrency,
      period: job.salaryPeriod,
      competitive: job.salaryCompetitive,
    },
    hoursPerWeek: job.hoursPerWeek,
    type: job.type,
    soc: job.socCode
      ? { code: job.socCode, title: occupations.get(job.socCode)?.title ?? job.socCode, confidence: job.socConfidence }
      : null,
    postedAt: job.postedAt.toISOString(),
    closingDate: job.closingDate,
    sponsorship: { status: job.sponsorshipStatus, reasons: job.sponsorshipReasons },
    url: `/jobs/${job.slug}`,
    demo: job.demo,
    verifiedSponsor: job.employerOrganisationId !== null && !!badged?.has(job.employerOrganisationId),
  };
}

/**
 * Open jobs matching every filter of `search`, 20 a page, with each filter's facet counted over the
 * others. When no job has the words of `q`, its misspelt words are corrected; when still none has
 * them, titles and employers resembling `q` (trigram word similarity) are looked for.
 */
export async function searchJobs(
  db: Db,
  search: Scoped,
  now: Date,
  occupations: ReadonlyMap<string, Occupation>,
): Promise<JobSearchAnswer> {
  const page = search.page ?? 1;
  const index = await jobIndexOf(db);
  let matching: Matching | null = search.q ? { q: search.q, corrected: null, fuzzy: false } : null;
  let match = matching ? await matchOf(db, index, matching) : null;
  // Other words are looked for only when no open job has these, whatever the filters: a correct word
  // is never exchanged for a look-alike because the jobs with it are elsewhere.
  if (matching && match?.count === 0) {
    const corrected = correctedQuery(index, matching.q);
    if (corrected) {
      matching = { ...matching, corrected };
      match = await matchOf(db, index, matching);
    }
    if (match.count === 0) {
      matching = { ...matching, fuzzy: true };
      match = await matchOf(db, index, matching);
    }
  }
  const found = sift(index, search, now, match);
  const offset = (page - 1) * PAGE_SIZE;
  const ids =
    found.hits.length > offset
      ? byRelevance(index, found.hits, search, matching, match)
          .slice(offset, offset + PAGE_SIZE)
          .map((i) => index.ids[i]!)
      : [];
  const byId = new Map(
    ids.length
      ? (await db.select().from(jobPostings).where(inArray(jobPostings.id, ids))).map((job) => [job.id, job])
      : [],
  );
  const rows = ids.map((id) => byId.get(id)).filter((job) => job !== undefined);
  const badged = await badgedOrganisations(
    db,
    rows.map((job) => job.employerOrganisationId),
  );
  return {
    total: found.hits.length,
    page,
    pageSize: PAGE_SIZE,
    facets: found.facets,
    results: rows.map((job) => jobResult(job, occupations, badged)),
  };
}

/** Words this short are left as typed: one letter changed makes too many other words. */
const CORRECTED_MIN_LENGTH = 5;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** The words of the open jobs' titles and employer names, with how many jobs use each; built when first asked. */
const lexicons = new WeakMap<JobIndex, Map<string, number>>();

function lexiconOf(index: JobIndex): Map<string, number> {
  let counts = lexicons.get(index);
  if (counts) return counts;
  counts = new Map();
  for (const texts of [index.title, index.employer]) {
    for (const text of texts) {
      for (const word of new Set(text.split(/[^\p{L}\p{N}]+/u)))
        if (word.length >= CORRECTED_MIN_LENGTH - 1) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  lexicons.set(index, counts);
  return counts;
}

/**
 * The word of `words` one edit from `word` (a letter missing, added, wrong, or two neighbours swapped)
 * that most jobs use, or null.
 */
export function nearestWord(word: string, words: ReadonlyMap<string, number>): string | null {
  const edits = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      edits.add(head + letter + tail);
      if (tail) edits.add(head + letter + tail.slice(1));
    }
  }
  edits.delete(word);
  let best: string | null = null;
  for (const edit of edits) {
    const n = words.get(edit) ?? 0;
    if (n && (!best || n > words.get(best)! || (n === words.get(best)! && edit < best))) best = edit;
  }
  return best;
}

/**
 * `q` with each word of 5 letters or more that no title or employer uses replaced by the nearest
 * one they use ("sofware" → "software"), or null when there is none to correct. Asked only when no
 * job has the words as typed, so a correct word is never exchanged for a neighbour.
 */
function correctedQuery(index: JobIndex, q: string): string | null {
  const long = q.match(/\p{L}+/gu)?.filter((w) => w.length >= CORRECTED_MIN_LENGTH) ?? [];
  if (!long.length) return null;
  const words = lexiconOf(index);
  let changed = false;
  const corrected = q.replace(/\p{L}+/gu, (word) => {
    const lower = word.toLowerCase();
    if (word.length < CORRECTED_MIN_LENGTH || words.has(lower)) return word;
    const nearest = nearestWord(lower, words);
    if (nearest) changed = true;
    return nearest ?? word;
  });
  return changed ? corrected : null;
}
