import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobSourceRuns, jobSources, type JobSource } from "~/db/schema";
import { type FeedRecord, type ImportRecord, SourceRecordSchema, readFeed } from "~/features/jobs";
import { importJobs, loadSocClassifier } from "~/features/jobs/index.server";
import { ruleSetFor } from "~/features/sponsorship";
import type { Clock } from "~/lib/clock";
import { decodeText } from "~/lib/csv-reader";
import { todayInLondon } from "~/lib/dates";
import {
  CRAWLER_TOKEN,
  type FetchResult,
  HostPacer,
  type PoliteFetchOptions,
  RobotsCache,
  expectJson,
  politeFetch,
  robotsAllows,
} from "~/lib/polite-fetch.server";
import { type AdapterKind, type SourceRecordInput, adapters, feedItemUrls, sitemapUrls } from "./adapters";
import { mergeDuplicates } from "./merge.server";
import { sourceName } from "./sources.server";

/** The API keys of the kinds that need one, from configuration (never the database). */
export type SourceKeys = Partial<Record<"adzuna" | "reed" | "teamtailor", string>>;
const KEY_SETTINGS = { adzuna: "ADZUNA_KEY", reed: "REED_API_KEY", teamtailor: "TEAMTAILOR_API_KEY" } as const;

export type RunDeps = {
  db: Db;
  clock: Clock;
  rootDir: string;
  /** The platform's public address, named in every request's User-Agent. */
  contactUrl: string;
  keys: SourceKeys;
  /** The fetcher's waits, clock and limits (tests shorten them and let it reach 127.0.0.1). */
  fetch?: Partial<PoliteFetchOptions>;
  robots?: RobotsCache;
};

/** The most pages a paged API or a sitemap gives one run: a runaway `next` ends here. */
const MAX_PAGES = 200;
/** Errors a run keeps: the first ones say what is wrong. */
const KEPT_ERRORS = 10;

type Gathered = {
  /** An adapter's records, read by the source's schema on import; a feed file's, read already. */
  records: SourceRecordInput[];
  read?: (FeedRecord & { line: number })[];
  problems: string[];
  etag?: string;
  lastModified?: string;
};
class RunFailed extends Error {}

export type RunSummary = {
  outcome: "ok" | "unchanged" | "failed";
  added: number;
  updated: number;
  closed: number;
  refused: number;
  errors: string[];
};

/**
 * One run of a source: fetch (conditionally: an unchanged source answers 304 and nothing is read), map
 * through its kind's adapter, import as the feed of `source:{id}` (new, updated and closed jobs; every
 * job classified and judged as feed jobs are), merge duplicates across sources, and record the run.
 * A failed fetch or an unreadable answer changes no job. Answers null when there is no such source.
 */
export async function runSource(deps: RunDeps, id: number): Promise<RunSummary | null> {
  const [source] = await deps.db.select().from(jobSources).where(eq(jobSources.id, id));
  if (!source) return null;
  const startedAt = deps.clock();
  let summary: RunSummary;
  let validators: { etag: string | null; lastModified: string | null } = {
    etag: source.etag,
    lastModified: source.lastModified,
  };
  try {
    const gathered = await gather(deps, source);
    if (gathered === "unchanged") {
      summary = { outcome: "unchanged", added: 0, updated: 0, closed: 0, refused: 0, errors: [] };
    } else {
      validators = { etag: gathered.etag ?? null, lastModified: gathered.lastModified ?? null };
      summary = await importGathered(deps, source, gathered);
    }
  } catch (error) {
    if (!(error instanceof RunFailed)) throw error;
    summary = { outcome: "failed", added: 0, updated: 0, closed: 0, refused: 0, errors: [error.message] };
  }
  const failed = summary.outcome === "failed";
  await deps.db.transaction(async (tx) => {
    await tx.insert(jobSourceRuns).values({
      sourceId: id,
      startedAt,
      durationMs: Math.max(0, Math.round(deps.clock().getTime() - startedAt.getTime())),
      outcome: summary.outcome,
      added: summary.added,
      updated: summary.updated,
      closed: summary.closed,
      refused: summary.refused,
      errors: summary.errors.slice(0, KEPT_ERRORS),
    });
    await tx
      .update(jobSources)
      .set({
        lastRunAt: startedAt,
        // A failed run keeps the validators of the last good one, so the next run still asks "changed since?".
        ...(failed ? {} : validators),
        failuresInARow: failed ? sql`${jobSources.failuresInARow} + 1` : 0,
      })
      .where(eq(jobSources.id, id));
  });
  return summary;
}

const fail = (message: string): never => {
  throw new RunFailed(message);
};

async function fetchText(deps: RunDeps, url: string, extra: Partial<PoliteFetchOptions> = {}) {
  const result: FetchResult = await politeFetch(url, { contactUrl: deps.contactUrl, ...deps.fetch, ...extra });
  if (result.status === "failed") fail(result.message);
  return result;
}

/** The source's records, read page by page; "unchanged" when its first page answered 304. */
async function gather(deps: RunDeps, source: JobSource): Promise<Gathered | "unchanged"> {
  const conditional = { etag: source.etag ?? undefined, lastModified: source.lastModified ?? undefined };
  if (source.kind === "feed") {
    const first = await fetchText(deps, source.url, conditional);
    if (first.status === "not-modified") return "unchanged";
    if (first.status !== "ok") return fail("The feed could not be read.");
    const format = /\.csv(\.gz)?$/i.test(new URL(source.url).pathname) ? "csv" : "jsonl";
    const feed = await readFeed(decodeText([first.body]), format);
    return {
      records: [],
      read: feed.records,
      problems: feed.problems.map((p) => `Line ${p.line}: ${p.message}`),
      etag: first.etag,
      lastModified: first.lastModified,
    };
  }
  const kind = source.kind as AdapterKind;
  const adapter = adapters[kind] ?? fail(`"${source.kind}" is not a kind of source this version reads.`);
  const keyName = KEY_SETTINGS[kind as keyof typeof KEY_SETTINGS];
  const key = keyName ? deps.keys[kind as keyof SourceKeys] : undefined;
  if (keyName && !key) fail(`A ${kind} source needs its API key: set ${keyName} in the configuration.`);
  const employer = source.employerName ?? undefined;
  const gathered: Gathered = { records: [], problems: [] };

  if (kind === "jsonld") return gatherPages(deps, source, conditional);

  let url: string | undefined = adapter.requestUrl(source.url);
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const request = key && adapter.authorize ? adapter.authorize(url, key) : { url, headers: {} };
    const result = await fetchText(deps, request.url, { headers: request.headers, ...(page === 0 ? conditional : {}) });
    if (result.status === "not-modified") {
      if (page === 0) return "unchanged";
      break;
    }
    if (result.status !== "ok") break;
    if (page === 0) Object.assign(gathered, { etag: result.etag, lastModified: result.lastModified });
    const json = expectJson(result);
    if (!json.ok) return fail(json.problem);
    const answer = adapter.expand
      ? await adapter.expand(json.value, (detail) => fetchDetail(deps, detail))
      : json.value;
    const adapted = adapter.adapt(answer, { url, employer });
    gathered.records.push(...adapted.records);
    gathered.problems.push(...adapted.problems.map((p) => (p.id ? `Job ${p.id}: ${p.message}` : p.message)));
    url = adapted.next;
  }
  return gathered;
}

/** Details fetched one after another, paced a little: an API, not a site to crawl. */
const DETAIL_DELAY_MS = 200;
const detailPacers = new WeakMap<RunDeps, HostPacer>();

/** One item's own JSON answer (a posting's details), or null when it could not be had. */
async function fetchDetail(deps: RunDeps, url: string): Promise<unknown> {
  let pacer = detailPacers.get(deps);
  if (!pacer)
    detailPacers.set(
      deps,
      (pacer = new HostPacer({ delayMs: DETAIL_DELAY_MS, wait: deps.fetch?.wait, clock: deps.clock })),
    );
  await pacer.pace(url);
  const result = await politeFetch(url, { contactUrl: deps.contactUrl, ...deps.fetch });
  if (result.status !== "ok") return null;
  const json = expectJson(result);
  return json.ok ? json.value : null;
}

/**
 * schema.org JobPosting pages: the source is one careers page, a sitemap (or sitemap index) listing
 * them, or an RSS/Atom feed linking them. Every page is asked of robots.txt first and paced per host.
 */
async function gatherPages(
  deps: RunDeps,
  source: JobSource,
  conditional: { etag?: string; lastModified?: string },
): Promise<Gathered | "unchanged"> {
  const robots = deps.robots ?? new RobotsCache(deps.clock);
  const pacer = new HostPacer({ wait: deps.fetch?.wait, clock: deps.clock });
  const robotsFetch = (robotsUrl: string) =>
    politeFetch(robotsUrl, { contactUrl: deps.contactUrl, ...deps.fetch, maxBytes: 500 * 1024, maxAttempts: 1 });
  const polite = async (
    url: string,
    extra: Partial<PoliteFetchOptions> = {},
  ): Promise<{ refused: string } | { refused: null; result: FetchResult }> => {
    const verdict = await robotsAllows(url, CRAWLER_TOKEN, robotsFetch, robots);
    if (!verdict.allowed) return { refused: verdict.message ?? `robots.txt does not allow ${url}` };
    await pacer.pace(url, verdict.crawlDelayMs);
    return { refused: null, result: await politeFetch(url, { contactUrl: deps.contactUrl, ...deps.fetch, ...extra }) };
  };
  const first = await polite(source.url, conditional);
  if (first.refused !== null) return fail(first.refused);
  if (first.result.status === "not-modified") return "unchanged";
  if (first.result.status === "failed") return fail(first.result.message);
  const gathered: Gathered = {
    records: [],
    problems: [],
    etag: first.result.etag,
    lastModified: first.result.lastModified,
  };
  const employer = source.employerName ?? undefined;
  const read = (url: string, html: string) => {
    const adapted = adapters.jsonld.adapt(html, { url, employer });
    gathered.records.push(...adapted.records);
    gathered.problems.push(...adapted.problems.map((p) => `${url}: ${p.message}`));
  };
  const body = first.result.body.trimStart();
  let pages: string[] = [];
  if (/^<\?xml|^<(urlset|sitemapindex|rss|feed|rdf:RDF)\b/i.test(body)) {
    if (/<(urlset|sitemapindex)\b/i.test(body)) {
      const listed = sitemapUrls(body);
      gathered.problems.push(...listed.problems.map((p) => p.message));
      pages = listed.pages;
      // A sitemap index: its sitemaps' pages, one level down.
      for (const sitemap of listed.sitemaps.slice(0, 20)) {
        const got = await polite(sitemap);
        if (got.refused !== null) gathered.problems.push(got.refused);
        else if (got.result.status === "ok") pages.push(...sitemapUrls(got.result.body).pages);
        else if (got.result.status === "failed") gathered.problems.push(got.result.message);
      }
    } else {
      const listed = feedItemUrls(body);
      gathered.problems.push(...listed.problems.map((p) => p.message));
      pages = listed.urls;
    }
  } else read(source.url, first.result.body);
  for (const page of pages.slice(0, MAX_PAGES)) {
    const got = await polite(page);
    if (got.refused !== null) gathered.problems.push(got.refused);
    else if (got.result.status === "ok") read(page, got.result.body);
    else if (got.result.status === "failed") gathered.problems.push(got.result.message);
  }
  if (pages.length > MAX_PAGES)
    gathered.problems.push(`Only the first ${MAX_PAGES} of ${pages.length} pages were read.`);
  return gathered;
}

/** The gathered records imported as the source's whole feed (with problems: the good ones, and nothing closed). */
async function importGathered(deps: RunDeps, source: JobSource, gathered: Gathered): Promise<RunSummary> {
  const records: ImportRecord[] = [...(gathered.read ?? [])];
  const problems = gathered.problems.map((message) => ({ line: 0, message }));
  gathered.records.forEach((raw, i) => {
    const parsed = SourceRecordSchema.safeParse(raw);
    if (parsed.success) records.push({ ...parsed.data, line: i + 1 });
    else problems.push({ line: i + 1, message: parsed.error.issues[0]!.message });
  });
  // A source that gave problems and no job at all is broken, not empty: nothing it held is closed.
  if (!records.length && problems.length) fail(problems[0]!.message);
  const now = deps.clock();
  const today = todayInLondon(now);
  const rules = (await ruleSetFor(today)) ?? fail(`No sponsorship rule set covers ${today}.`);
  const classifier = await loadSocClassifier(deps.rootDir);
  const outcome = await importJobs(
    deps.db,
    { records, problems },
    { source: sourceName(source.id), now, today, rules, classifier, skipBad: true },
  );
  if (!outcome.ok) return fail(outcome.problems[0]?.message ?? "The jobs could not be imported.");
  const s = outcome.summary;
  // The import reports what it found too (a description empty once made Markdown): every job refused
  // is a broken source as above, and the import wrote nothing.
  const refusedLines = new Set(s.problems.map((p) => p.line));
  if (records.length && records.every((r) => refusedLines.has(r.line)))
    fail(s.problems.find((p) => p.line > 0)!.message);
  await claimForEmployers(deps.db, source);
  await mergeDuplicates(deps.db);
  return {
    outcome: "ok",
    added: s.added,
    updated: s.updated,
    closed: s.closed,
    refused: s.problems.length,
    errors: s.problems.slice(0, KEPT_ERRORS).map((p) => p.message),
  };
}

/**
 * A source's jobs belong to a verified employer of the platform: the source's own organisation, or the
 * verified organisation whose register entry the job's employer was matched to.
 */
async function claimForEmployers(db: Db, source: JobSource) {
  const name = sourceName(source.id);
  if (source.employerOrganisationId !== null) {
    await db.execute(sql`
      update job_postings set employer_organisation_id = ${source.employerOrganisationId}
      where source = ${name} and employer_organisation_id is distinct from ${source.employerOrganisationId}`);
    return;
  }
  await db.execute(sql`
    update job_postings j set employer_organisation_id = o.id
    from employer_organisations o join sponsor_organisations s on s.org_key = o.register_org_key
    where j.source = ${name} and j.sponsor_slug = s.slug and o.verified_at is not null
      and j.employer_organisation_id is distinct from o.id`);
}

/** The sources due at `now`: on, and never run or last run at least their interval ago. */
export async function dueSources(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: jobSources.id })
    .from(jobSources)
    .where(
      and(
        eq(jobSources.enabled, true),
        sql`(${jobSources.lastRunAt} is null or ${jobSources.lastRunAt} + make_interval(mins => ${jobSources.everyMinutes}) <= ${now})`,
      ),
    );
  return rows.map((r) => r.id);
}
