// What `npm run bench:job-sources` drives in-process: a source added and run as the server runs it, and
// the run's steps timed one by one on the same answer, whose records are also the baseline's.
import { SYSTEM_ACTOR } from "~/db/audit.server";
import type { Db } from "~/db/client.server";
import { type ImportRecord, type SourceRecord, SourceRecordSchema } from "~/features/jobs";
import { importJobs, loadSocClassifier, occupationOf } from "~/features/jobs/index.server";
import { ruleSetFor } from "~/features/sponsorship";
import { employerStanding } from "~/features/sponsorship/index.server";
import { makeDescription } from "~/lib/markdown-worker.server";
import { todayInLondon } from "~/lib/dates";
import { type PoliteFetchOptions, expectJson, politeFetch } from "~/lib/polite-fetch.server";
import { adapters } from "./adapters";
import { mergeDuplicates } from "./merge.server";
export { runSource } from "./run.server";
export { runDeps } from "./service.server";
export { addSource } from "./sources.server";
export { mergeDuplicates };

export const benchActor = SYSTEM_ACTOR;

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * A Greenhouse source's answer read as a run reads it, each step timed: the fetch (gzip decoded), the
 * JSON parse, the adapter, and the feed schema the import applies. Answers the records too.
 */
export async function readGreenhouse(url: string, fetch: PoliteFetchOptions) {
  let t = performance.now();
  const result = await politeFetch(adapters.greenhouse.requestUrl(url), fetch);
  if (result.status !== "ok") throw new Error(`The bench's source answered ${JSON.stringify(result)}`);
  const fetchS = seconds(t);
  t = performance.now();
  const json = expectJson(result);
  if (!json.ok) throw new Error(json.problem);
  const parseS = seconds(t);
  t = performance.now();
  const adapted = adapters.greenhouse.adapt(json.value, { url });
  if (adapted.problems.length) throw new Error(`The adapter refused jobs: ${JSON.stringify(adapted.problems[0])}`);
  const adaptS = seconds(t);
  t = performance.now();
  const records = adapted.records.map((raw, i) => ({ ...SourceRecordSchema.parse(raw), line: i + 1 }));
  const schemaS = seconds(t);
  return { records, bytes: Buffer.byteLength(result.body), split: { fetchS, parseS, adaptS, schemaS } };
}

/** The baseline: the records imported as a source's feed straight from memory, as a run imports them. */
export async function importFromMemory(db: Db, records: ImportRecord[], source: string, rootDir: string) {
  const now = new Date();
  const today = todayInLondon(now);
  const rules = await ruleSetFor(today);
  if (!rules) throw new Error(`No sponsorship rule set covers ${today}.`);
  const classifier = await loadSocClassifier(rootDir);
  const outcome = await importJobs(
    db,
    { records, problems: [] },
    { source, now, today, rules, classifier, skipBad: true },
  );
  if (!outcome.ok) throw new Error(`The import refused the records: ${JSON.stringify(outcome.problems[0])}`);
  return outcome.summary;
}

/**
 * What importJobs spends outside its SQL, each part timed on its own over the same records: matching
 * each employer on the register (one search a distinct name), making the descriptions Markdown and
 * HTML, classifying the titles. The rest of an import is its statements (the upserts, the close, the tidy).
 */
export async function importSplit(db: Db, records: SourceRecord[], rootDir: string) {
  const classifier = await loadSocClassifier(rootDir);
  let t = performance.now();
  const employers = new Set(records.map((r) => r.employer.toLowerCase()));
  for (const employer of employers) await employerStanding(db, employer);
  const employersS = seconds(t);
  t = performance.now();
  const described = records.map((record) => makeDescription({ html: record.description_html }));
  const describeS = seconds(t);
  t = performance.now();
  records.forEach((record, i) => occupationOf({ ...record, description: described[i]!.markdown }, classifier));
  const classifyS = seconds(t);
  return { employers: employers.size, employersS, classifyS, describeS };
}
