import { type SQL, and, count, desc, eq, gt, inArray, like, or, sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { type JobPosting, type JobType, jobPostings } from "~/db/schema";
import { JOB_TYPES, SPONSORSHIP_STATUSES, WORK_ARRANGEMENTS } from "~/db/schema/job-posting-values";
import { todayInLondon } from "~/features/sponsors/freshness";
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
 * How `q` is matched: its words through the weighted full-text vector, with misspelt ones corrected
 * (`corrected`, see correctedQuery); `fuzzy` adds trigram word similarity to the title or employer,
 * the last resort when no job has the words.
 */
type Matching = { q: string; corrected: string | null; fuzzy: boolean };

const tsquery = (m: Matching) =>
  m.corrected ? sql`(websearch_to_tsquery('english', ${m.q}) || websearch_to_tsquery('english', ${m.corrected}))` : sql`websearch_to_tsquery('english', ${m.q})`;

/**
 * With words to match, the other filters are compared through text so that the planner cannot use
 * their indexes: without statistics (PGlite has no autovacuum; only a bulk write of jobs runs
 * ANALYZE, maintenance.server.ts) it takes the index of
 * `sponsorship_status` or `lower(town)` for as selective as the full-text one, then reads each of
 * their thousands of rows' vectors out of TOAST to test the words. Led by the full-text index, the
 * other filters are checked on its rows only ("controller" among likely jobs at 100,000 jobs: the
 * page's rows in 240 ms through the sponsorship index, 80 ms this way).
 */
const unindexed = (matching: Matching | null, value: SQL) => (matching ? sql`((${value})::text || '')` : value);

/**
 * The conditions of a search but its three faceted filters (type, sponsorship, remote), which
 * `facetFilters` adds: the facets are counted over the rest in one pass.
 */
function conditions(search: Scoped, now: Date, matching: Matching | null): SQL {
  // A job past its closing date is closed on its page (page.server.ts) before an import closes it.
  const today = todayInLondon(now);
  const parts: SQL[] = [
    sql`${unindexed(matching, sql`${jobPostings.status}`)} = 'open'`,
    sql`(${jobPostings.closingDate} is null or ${jobPostings.closingDate} >= ${today})`,
  ];
  if (search.within) parts.push(inArray(jobPostings.type, search.within));
  if (search.occupations) parts.push(or(...search.occupations.map((prefix) => like(jobPostings.socCode, `${prefix}%`)))!);
  if (search.addedAfter) parts.push(gt(jobPostings.createdAt, search.addedAfter));
  if (matching) {
    const words = matching.q.toLowerCase();
    // Without the trigram operators the GIN index of the vector answers alone and exactly (no row is rechecked).
    parts.push(
      matching.fuzzy
        ? sql`(${jobPostings.search} @@ ${tsquery(matching)} or ${words} <% lower(${jobPostings.title}) or ${words} <% lower(${jobPostings.employerName}))`
        : sql`${jobPostings.search} @@ ${tsquery(matching)}`,
    );
  }
  if (search.location) {
    const place = search.location.toLowerCase();
    parts.push(sql`(${unindexed(matching, sql`lower(${jobPostings.town})`)} = ${place} or ${unindexed(matching, sql`lower(${jobPostings.region})`)} = ${place})`);
  }
  if (search.salary_min !== undefined) parts.push(sql`${annualTop} >= ${search.salary_min}`);
  if (search.posted_within) {
    const since = new Date(now.getTime() - search.posted_within * 86_400_000).toISOString();
    parts.push(matching ? sql`${jobPostings.postedAt} + interval '0 s' >= ${since}::timestamptz` : sql`${jobPostings.postedAt} >= ${since}::timestamptz`);
  }
  return and(...parts)!;
}

function facetFilters(search: Scoped, matching: Matching | null): SQL[] {
  const parts: SQL[] = [];
  if (search.type) parts.push(eq(jobPostings.type, search.type));
  if (search.sponsorship) parts.push(sql`${unindexed(matching, sql`${jobPostings.sponsorshipStatus}`)} = ${search.sponsorship}`);
  if (search.remote) parts.push(eq(jobPostings.workArrangement, search.remote));
  return parts;
}

const FACET_ORDER: Record<Facet, readonly string[]> = { type: JOB_TYPES, sponsorship: SPONSORSHIP_STATUSES, remote: WORK_ARRANGEMENTS };

/**
 * The total and every facet from one grouped pass over the jobs matching all but the faceted
 * filters: a facet counts each of its values over the other two filters, so that it says what
 * choosing the value would give. Each facet lists its values by count, then in the enum's order.
 */
async function tally(db: Db, search: Scoped, now: Date, matching: Matching | null): Promise<{ total: number; facets: FacetCounts }> {
  const groups = await db
    .select({ type: jobPostings.type, sponsorship: jobPostings.sponsorshipStatus, remote: jobPostings.workArrangement, count: count() })
    .from(jobPostings)
    .where(conditions(search, now, matching))
    .groupBy(jobPostings.type, jobPostings.sponsorshipStatus, jobPostings.workArrangement);
  const chosen = (g: (typeof groups)[number], facet: Facet) => !search[facet] || g[facet] === search[facet];
  const facets = {} as FacetCounts;
  for (const facet of ["type", "sponsorship", "remote"] as const) {
    const counts = new Map<string, number>();
    for (const g of groups) {
      if ((["type", "sponsorship", "remote"] as const).every((other) => other === facet || chosen(g, other))) counts.set(g[facet], (counts.get(g[facet]) ?? 0) + g.count);
    }
    facets[facet] = [...counts]
      .map(([value, n]) => ({ value, count: n }))
      .sort((a, b) => b.count - a.count || FACET_ORDER[facet].indexOf(a.value) - FACET_ORDER[facet].indexOf(b.value));
  }
  const total = groups.filter((g) => chosen(g, "type") && chosen(g, "sponsorship") && chosen(g, "remote")).reduce((sum, g) => sum + g.count, 0);
  return { total, facets };
}

/** Words that say nothing about the job, left out of the relevance score. */
const FILLER = new Set(["and", "the", "for", "with", "from", "job", "jobs"]);

/**
 * Relevance: the query's words in the title count twice, in the employer's name once (each word as
 * its first letters, so that "manager" meets "management"), then the newest first. A LIKE per word
 * is the one comparison cheap enough for every match of a common word (tens of thousands on
 * PGlite): ts_rank_cd reads each job's whole vector out of TOAST and word_similarity builds
 * trigrams, 10-15 µs a row each. Matches by trigram similarity (`fuzzy`, few) are ordered by it.
 */
function ordering(search: JobSearch, matching: Matching | null): SQL[] {
  const newest = [desc(jobPostings.postedAt), desc(jobPostings.id)];
  if (search.sort === "date") return newest;
  if (search.sort === "salary") return [sql`${annualTop} desc nulls last`, ...newest];
  if (!matching) return newest;
  if (matching.fuzzy) {
    const words = matching.q.toLowerCase();
    return [sql`greatest(word_similarity(${words}, lower(${jobPostings.title})), word_similarity(${words}, lower(${jobPostings.employerName}))) desc`, ...newest];
  }
  const stems = [
    ...new Set(
      (matching.corrected ?? matching.q)
        .toLowerCase()
        .match(/[\p{L}\p{N}]{3,}/gu)
        ?.filter((w) => !FILLER.has(w))
        .map((w) => w.slice(0, Math.max(4, w.length - 3))),
    ),
  ];
  if (!stems.length) return newest;
  const score = sql.join(
    stems.map((stem) => sql`(lower(${jobPostings.title}) like ${`%${stem}%`})::int * 2 + (lower(${jobPostings.employerName}) like ${`%${stem}%`})::int`),
    sql` + `,
  );
  return [sql`${score} desc`, ...newest];
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

/**
 * Open jobs matching every filter of `search`, 20 a page, with each filter's facet counted over the
 * others. When no job has the words of `q`, its misspelt words are corrected; when still none has
 * them, titles and employers resembling `q` (trigram word similarity) are looked for.
 */
export async function searchJobs(db: Db, search: Scoped, now: Date, occupations: ReadonlyMap<string, Occupation>): Promise<JobSearchAnswer> {
  const page = search.page ?? 1;
  let matching: Matching | null = search.q ? { q: search.q, corrected: null, fuzzy: false } : null;
  let counted = await tally(db, search, now, matching);
  if (matching && counted.total === 0) {
    const corrected = await correctedQuery(db, matching.q);
    if (corrected) {
      matching = { ...matching, corrected };
      counted = await tally(db, search, now, matching);
    }
    if (counted.total === 0) {
      matching = { ...matching, fuzzy: true };
      counted = await tally(db, search, now, matching);
    }
  }
  const offset = (page - 1) * PAGE_SIZE;
  // The page's ids first, then its rows: ordering whole rows would read every match's description
  // and search vector out of TOAST (31,000 of them for "manager" at 100,000 jobs: 740 ms, not 90).
  const ids =
    counted.total > offset
      ? await db
          .select({ id: jobPostings.id })
          .from(jobPostings)
          .where(and(conditions(search, now, matching), ...facetFilters(search, matching)))
          .orderBy(...ordering(search, matching))
          .limit(PAGE_SIZE)
          .offset(offset)
      : [];
  const byId = new Map(ids.length ? (await db.select().from(jobPostings).where(inArray(jobPostings.id, ids.map((r) => r.id)))).map((job) => [job.id, job]) : []);
  const rows = ids.map((r) => byId.get(r.id)).filter((job) => job !== undefined);
  return { total: counted.total, page, pageSize: PAGE_SIZE, facets: counted.facets, results: rows.map((job) => jobResult(job, occupations)) };
}

/** The words of job titles and employer names, with how many jobs use each; rebuilt when a job is added. */
type Lexicon = { version: number; words: Promise<Map<string, number>> };
const lexicons = new WeakMap<Db, Lexicon>();
/** Words this short are left as typed: one letter changed makes too many other words. */
const CORRECTED_MIN_LENGTH = 5;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

async function lexiconOf(db: Db): Promise<Map<string, number>> {
  // The highest id moves with every job added (an index probe); a changed title of a known job waits for the next one.
  const [{ version } = { version: 0 }] = await rowsOf<{ version: number }>(db, sql`select coalesce(max(id), 0)::int as version from job_postings`);
  const held = lexicons.get(db);
  if (held && held.version === version) return held.words;
  const words = (async () => {
    const texts = await rowsOf<{ text: string; n: number }>(
      db,
      sql`select lower(title) as text, count(*)::int as n from job_postings group by 1 union all select lower(employer_name), count(*)::int from job_postings group by 1`,
    );
    const counts = new Map<string, number>();
    for (const { text, n } of texts) {
      for (const word of new Set(text.split(/[^\p{L}\p{N}]+/u))) if (word.length >= CORRECTED_MIN_LENGTH - 1) counts.set(word, (counts.get(word) ?? 0) + n);
    }
    return counts;
  })();
  lexicons.set(db, { version, words });
  // A failed read is not kept: the next search tries again.
  words.catch(() => {
    if (lexicons.get(db)?.words === words) lexicons.delete(db);
  });
  return words;
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
async function correctedQuery(db: Db, q: string): Promise<string | null> {
  const long = q.match(/\p{L}+/gu)?.filter((w) => w.length >= CORRECTED_MIN_LENGTH) ?? [];
  if (!long.length) return null;
  const words = await lexiconOf(db);
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
