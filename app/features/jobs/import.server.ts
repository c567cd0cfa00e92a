import { createHash } from "node:crypto";
import { TransactionRollbackError, and, eq, getTableColumns, sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";
import { jobPostings } from "~/db/schema";
import { type DescriptionInput, descriptionWorker, makeDescription } from "~/lib/markdown-worker.server";
import type { EmployerStanding, RuleSet } from "~/features/sponsorship";
import { employerStanding } from "~/features/sponsorship/index.server";
import { slugify } from "~/lib/slug";
import { DescriptionSchema, type FeedProblem, type FeedRecord, type ImportRecord } from "./feed";
import { parseSalaryText } from "./salary-text";
import { HIGH_CONFIDENCE, type SocClassifier } from "./soc-classifier";
import { jobVerdict } from "./verdict";
import { tidyJobPostings } from "./maintenance.server";

/** How a period's pay becomes a year's: a working year is 52 weeks of 5 days. */
const TO_YEAR = { year: 1, month: 12, week: 52, day: 260 } as const;

type Salary = {
  min: number | null;
  max: number | null;
  currency: string | null;
  period: "year" | "hour" | null;
  competitive: boolean;
};

/** The salary of a record: its figures when given, else what its text says, a day's, week's or month's pay as a year's. */
export function salaryOf(
  record: Partial<Pick<FeedRecord, "salary" | "salary_min" | "salary_max" | "salary_currency" | "salary_period">>,
): Salary {
  const none: Salary = { min: null, max: null, currency: null, period: null, competitive: false };
  const figures =
    record.salary_period && (record.salary_min !== undefined || record.salary_max !== undefined)
      ? {
          min: record.salary_min ?? null,
          max: record.salary_max ?? record.salary_min!,
          currency: record.salary_currency ?? "GBP",
          period: record.salary_period,
        }
      : null;
  const parsed = figures ?? parseSalaryText(record.salary);
  if (!parsed) return none;
  if ("competitive" in parsed && parsed.competitive) return { ...none, competitive: true };
  const { min, max, currency, period } = parsed as {
    min: number | null;
    max: number;
    currency: string;
    period: keyof typeof TO_YEAR | "hour";
  };
  const factor = period === "hour" ? 1 : TO_YEAR[period];
  const scale = (n: number | null) => (n === null ? null : Math.round(n * factor * 100) / 100);
  return {
    min: scale(min),
    max: scale(max),
    currency,
    period: period === "hour" ? "hour" : "year",
    competitive: false,
  };
}

/** A new job's address: its title and employer, and a few characters of its source id so two alike never clash. */
export function jobSlug(source: string, record: Pick<FeedRecord, "id" | "title" | "employer">): string {
  const words = slugify(`${record.title} ${record.employer}`).slice(0, 80).replace(/-+$/, "");
  const tag = createHash("sha256")
    .update(`${source}\n${record.id}`)
    .digest("base64url")
    .replace(/[^a-zA-Z0-9]/g, "")
    .slice(0, 6)
    .toLowerCase();
  return `${words}-${tag}`;
}

export type ImportSummary = {
  added: number;
  /** Known jobs whose values changed: one the feed gives unchanged is not written, nor counted. */
  updated: number;
  closed: number;
  skipped: number;
  problems: FeedProblem[];
};

/**
 * Part of each record's import hash: raise it when what a row is made from a record changes (the
 * salary parser, the classifier, the renderer), so the next import makes every row again.
 */
const IMPORT_VERSION = 2;

/** Rows a statement writes: one JSON parameter of them (see below). */
const IMPORT_BATCH = 2_000;

/**
 * The least confidence at which a classified occupation is stored and judged on: the classifier's
 * "high" band, where on the hand-labelled titles of soc-classifier.test.ts (and a blind sample of real
 * ads) no code was wrong. A lower one is not stored at all: a wrong occupation would give a confident
 * wrong verdict, where none says the occupation is not known.
 */
export const SOC_VERDICT_CONFIDENCE = HIGH_CONFIDENCE;

/** A record's occupation: the source's code, else the classifier's from the title (and description) when it is confident enough. */
export function occupationOf(
  record: Pick<FeedRecord, "soc" | "title" | "description">,
  classifier: SocClassifier | null | undefined,
) {
  if (record.soc) return { code: record.soc, confidence: 1, source: "source" as const };
  const found = classifier?.classify(record.title, record.description);
  return found && found.confidence >= SOC_VERDICT_CONFIDENCE
    ? { code: found.code, confidence: found.confidence, source: "classified" as const }
    : null;
}

/**
 * Brings one source's jobs in line with its feed, in one transaction: new ids are added, known ones
 * updated (their address kept), open jobs the feed no longer lists closed. A feed with problems
 * changes nothing, unless `skipBad`, when its good lines are imported, the bad ones reported, and
 * nothing closed (a bad line may be a job still advertised).
 * Each job's employer is matched on the sponsor register and its sponsorship verdict stored. A job
 * without a SOC code gets one from `classifier` when it is confident enough (none without a classifier).
 * A source's record gives its description as the provider's HTML (SourceRecord): it is made Markdown
 * here, and one that comes out empty or too long is the record's problem.
 */
export async function importJobs(
  db: Db,
  feed: { records: ImportRecord[]; problems: FeedProblem[] },
  options: {
    source: string;
    now: Date;
    today: string;
    rules: RuleSet;
    skipBad?: boolean;
    classifier?: SocClassifier | null;
    /** Rows a statement writes (IMPORT_BATCH): the tests of several batches make it small. */
    batchSize?: number;
  },
): Promise<{ ok: true; summary: ImportSummary } | { ok: false; problems: FeedProblem[] }> {
  const { source, now, today, rules, batchSize = IMPORT_BATCH } = options;
  const problems = [...feed.problems];
  const good = feed.records.filter((r) => {
    if (r.soc && !rules.occupations.has(r.soc)) {
      problems.push({ line: r.line, message: `soc ${r.soc} is not a SOC 2020 code` });
      return false;
    }
    return true;
  });
  problems.sort((a, b) => a.line - b.line);
  if (problems.length && !options.skipBad) return { ok: false, problems };

  // Each employer once, before the transaction: the register is read through `db`, which a
  // transaction on a single connection would wait for.
  const employers = new Map<string, Awaited<ReturnType<typeof employerStanding>>>();
  for (const { employer } of good) {
    const key = employer.toLowerCase();
    if (!employers.has(key)) employers.set(key, await employerStanding(db, employer));
  }
  const summary: ImportSummary = { added: 0, updated: 0, closed: 0, skipped: 0, problems };
  // A record made into an open row from the same inputs before is skipped whole: not converted,
  // rendered, classified, judged nor sent, which was most of the time of a large source answering unchanged.
  const held = new Map(
    (
      await rowsOf<{ external_id: string; import_hash: string }>(
        db,
        sql`select external_id, import_hash from job_postings
            where source = ${source} and status = 'open' and import_hash is not null`,
      )
    ).map((r) => [r.external_id, r.import_hash]),
  );
  const inputs = good
    .map((record) => {
      const found = employers.get(record.employer.toLowerCase())!;
      const { line: _line, ...fields } = record;
      const hash = createHash("sha256")
        .update(JSON.stringify([IMPORT_VERSION, fields, found, rules.version, !!options.classifier]))
        .digest("base64url");
      return { record, found, hash };
    })
    .filter(({ record, hash }) => held.get(record.id) !== hash);
  // More than one batch: the next batch's descriptions are made on another thread while PGlite (on this
  // one) writes the batch before, so the machine's two cores both work. Started here, so that the thread
  // loads while this one hashes. A description that fails to be made fails the import as a statement
  // would, inside the transaction, so nothing is stored half-way.
  const describer = inputs.length > batchSize ? descriptionWorker() : null;
  let written: boolean;
  try {
    written = await writeRows();
  } finally {
    await describer?.close();
  }
  problems.sort((a, b) => a.line - b.line);
  if (!written) return { ok: false, problems };
  summary.skipped = new Set(problems.map((p) => p.line)).size;
  await tidyJobPostings(db, summary.added + summary.updated + summary.closed);
  return { ok: true, summary };

  /** A batch's rows, once its descriptions are made; a record whose description fails its checks is a problem. */
  async function batchRows(batch: typeof inputs) {
    const given: DescriptionInput[] = batch.map(({ record }) =>
      "description_html" in record ? { html: record.description_html } : { markdown: record.description },
    );
    const descriptions = describer ? await describer.make(given) : given.map(makeDescription);
    return batch.flatMap(({ record, found, hash }, i) => {
      const checked = DescriptionSchema.safeParse(descriptions[i]!.markdown);
      if (!checked.success) {
        problems.push({ line: record.line, message: `job ${record.id}: ${checked.error.issues[0]!.message}` });
        return [];
      }
      return [rowOf({ ...record, description: checked.data }, found, hash, descriptions[i]!.html)];
    });
  }

  function rowOf(record: FeedRecord, found: (typeof inputs)[number]["found"], hash: string, html: string) {
    const salary = salaryOf(record);
    // A job whose closing date has passed comes in closed, as the hourly close would leave it.
    const expired = !!record.closing_date && record.closing_date < today;
    const employer: EmployerStanding = {
      name: found.name,
      licensed: found.licensed,
      skilledWorker: found.skilledWorker,
      rating: found.rating,
    };
    const soc = occupationOf(record, options.classifier);
    const terms = {
      socCode: soc?.code ?? null,
      salaryMin: salary.min ?? salary.max,
      salaryPeriod: salary.period,
      salaryCurrency: salary.currency,
      hoursPerWeek: record.hours_per_week ?? null,
      country: record.country,
    };
    const verdict = jobVerdict(terms, rules, employer, today);
    return {
      slug: jobSlug(source, record),
      source,
      externalId: record.id,
      title: record.title,
      employerName: record.employer,
      sponsorSlug: found.slug,
      town: record.town ?? null,
      region: record.region ?? null,
      country: record.country,
      workArrangement: record.remote,
      salaryMin: salary.min,
      salaryMax: salary.max,
      salaryCurrency: salary.currency,
      salaryPeriod: salary.period,
      salaryCompetitive: salary.competitive,
      salaryText: record.salary ?? null,
      hoursPerWeek: record.hours_per_week ?? null,
      type: record.type,
      socCode: soc?.code ?? null,
      socConfidence: soc?.confidence ?? null,
      socSource: soc?.source ?? null,
      descriptionMarkdown: record.description,
      descriptionHtml: html,
      applyUrl: record.apply_url ?? null,
      applyEmail: record.apply_email ?? null,
      postedAt: record.posted_at,
      closingDate: record.closing_date ?? null,
      status: expired ? ("closed" as const) : ("open" as const),
      closedAt: expired ? new Date(`${record.closing_date}T12:00:00Z`) : null,
      sponsorshipStatus: verdict.status,
      salaryBand: verdict.salaryBand,
      sponsorshipReasons: verdict.reasons,
      sponsorshipRules: verdict.rules,
      importHash: hash,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** The rows written in one transaction; false when a description failed its checks and bad records may not be skipped. */
  async function writeRows(): Promise<boolean> {
    // A known job takes every value of the feed but its address, which search engines and people keep,
    // and the time it first came (alerts send jobs that came since their last run).
    const columns = getTableColumns(jobPostings);
    type Row = ReturnType<typeof rowOf>;
    const kept = new Set(["slug", "source", "external_id", "created_at"]);
    // Each batch is one JSON parameter read as rows of the table, not a parameter a value: building and
    // sending 35 parameters a job was a fifth of a large import's time.
    const upsert = (tx: Pick<Db, "execute">, batch: Row[]) => {
      const keys = Object.keys(batch[0]!) as (keyof Row & keyof typeof columns)[];
      const names = keys.map((key) => columns[key].name);
      const taken = names.filter((c) => !kept.has(c));
      // A known job the feed gives unchanged is not written at all: its row, its time and its indexes stay,
      // so a source answering the same jobs again writes nothing (only `updated_at` would differ).
      const compared = taken.filter((c) => c !== "updated_at");
      return rowsOf<{ inserted: boolean }>(
        tx,
        sql`insert into job_postings (${sql.raw(names.join(", "))})
          select ${sql.raw(names.join(", "))}
          from json_populate_recordset(null::job_postings, ${JSON.stringify(
            batch.map((row) => Object.fromEntries(keys.map((key, i) => [names[i], row[key]]))),
          )}::json)
          on conflict (source, external_id) do update set ${sql.raw(taken.map((c) => `${c} = excluded.${c}`).join(", "))}
          where (${sql.raw(compared.map((c) => `job_postings.${c}`).join(", "))})
            is distinct from (${sql.raw(compared.map((c) => `excluded.${c}`).join(", "))})
          returning (xmax = 0) as inserted`,
      );
    };
    try {
      await db.transaction(async (tx) => {
        let next = batchRows(inputs.slice(0, batchSize));
        for (let start = 0; start < inputs.length; start += batchSize) {
          const batch = await next;
          const following = start + batchSize;
          next =
            following < inputs.length ? batchRows(inputs.slice(following, following + batchSize)) : Promise.resolve([]);
          // A statement that fails leaves the next batch unawaited: its own failure is not the one to report.
          next.catch(() => {});
          if (problems.length && !options.skipBad) tx.rollback();
          // xmax is 0 for a row this statement inserted, and set for one it updated.
          if (batch.length) for (const row of await upsert(tx, batch)) summary[row.inserted ? "added" : "updated"] += 1;
        }
        // A bad line may be a job still advertised: with any problem, nothing is closed.
        if (problems.length) return;
        const listed = feed.records.map((r) => r.id);
        const closed = await tx
          .update(jobPostings)
          .set({ status: "closed", closedAt: now, updatedAt: now })
          .where(
            and(
              eq(jobPostings.source, source),
              eq(jobPostings.status, "open"),
              // One array parameter, not one parameter an id: a statement takes at most 65,535 of them.
              listed.length ? sql`${jobPostings.externalId} <> all(${sql.param(listed)}::text[])` : undefined,
            ),
          )
          .returning({ id: jobPostings.id });
        summary.closed = closed.length;
      });
    } catch (error) {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    }
    return true;
  }
}
