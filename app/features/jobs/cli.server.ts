import path from "node:path";
import { withMigratedDatabase } from "~/db/open.server";
import { decodeText } from "~/lib/csv-reader";
import { todayInLondon } from "~/lib/dates";
import { openRegisterSource } from "~/features/sponsors/index.server";
import { ruleSetFor } from "~/features/sponsorship";
import type { Db } from "~/db/client.server";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";
import { loadSocClassifier } from "./soc-classifier.server";
import { recomputeSponsorship } from "./recompute.server";

const USAGE = `Usage: npm run jobs:import -- <file or URL> [--source NAME] [--skip-bad]
  Imports a job feed (JSON Lines: .jsonl or .ndjson; CSV: .csv; either may be .gz) as the whole feed of
  one source (default: the file's name without its extension): new jobs are added, known ones updated,
  jobs the feed no longer lists closed. A feed with a bad line imports nothing; with --skip-bad its good
  lines are imported and nothing is closed. The fields are described in docs/features/jobs.md, "Job feeds".`;

/** The feed's format, from its name. */
function formatOf(source: string): "jsonl" | "csv" | null {
  const name = new URL(source, "file:///").pathname.replace(/\.gz$/, "");
  if (/\.(jsonl|ndjson)$/i.test(name)) return "jsonl";
  if (/\.csv$/i.test(name)) return "csv";
  return null;
}

/** `npm run jobs:import`: 0 imported, 1 not imported (a bad line or an unreadable file; nothing changed), 2 usage. */
export async function runJobsImport(argv: string[], rootDir: string, now = new Date()): Promise<number> {
  let file: string | undefined;
  let source: string | undefined;
  let skipBad = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--skip-bad") skipBad = true;
    else if (arg === "--source") source = argv[++i];
    else if (arg.startsWith("--source=")) source = arg.slice(9);
    else if (!arg.startsWith("--") && !file) file = arg;
    else return usage(`Unexpected argument ${arg}`);
  }
  if (!file) return usage();
  const format = formatOf(file);
  if (!format) return usage(`${file} is neither .jsonl, .ndjson nor .csv`);
  source ??= path
    .basename(new URL(file, "file:///").pathname)
    .replace(/\.gz$/, "")
    .replace(/\.[^.]+$/, "");
  if (!/^[\w.-]{1,80}$/.test(source))
    return usage(`The source name "${source}" must be letters, digits, ".", "_" or "-"`);
  return withMigratedDatabase(rootDir, "npm run jobs:import", async ({ db }) => {
    let outcome;
    try {
      outcome = await importJobsFile(db, file, { source, now, skipBad, rootDir });
    } catch (e) {
      if (!(e instanceof UnreadableFeed)) throw e;
      console.error(`Cannot read ${file}: ${e.message}. Nothing changed.`);
      return 1;
    }
    const problems = outcome.ok ? outcome.summary.problems : outcome.problems;
    for (const p of problems.slice(0, 200)) console.error(`Line ${p.line}: ${p.message}`);
    if (problems.length > 200) console.error(`… and ${problems.length - 200} more problems.`);
    if (!outcome.ok) {
      console.error(
        `${problems.length} problem${problems.length === 1 ? "" : "s"} in ${file}: nothing imported. Correct the file, or import its good lines with --skip-bad.`,
      );
      return 1;
    }
    const s = outcome.summary;
    console.log(
      `Imported ${source}: ${s.added} added, ${s.updated} updated, ${s.closed} closed${s.skipped ? `, ${s.skipped} bad line${s.skipped === 1 ? "" : "s"} skipped (nothing closed)` : ""}.`,
    );
    return 0;
  });
}

/** A feed that could not be read at all (missing, not text, not the format its name says). */
class UnreadableFeed extends Error {}

/**
 * Imports a feed file (or URL) as the whole feed of `source`, judged under the rules of the day: what
 * `npm run jobs:import` does once its database is open. An unreadable file throws UnreadableFeed.
 */
export async function importJobsFile(
  db: Db,
  file: string,
  options: { source: string; now: Date; skipBad: boolean; rootDir: string },
) {
  const format = formatOf(file);
  if (!format) throw new UnreadableFeed(`${file} is neither .jsonl, .ndjson nor .csv`);
  const today = todayInLondon(options.now);
  const rules = await ruleSetFor(today);
  if (!rules) throw new Error(`No sponsorship rule set covers ${today}`);
  let feed;
  try {
    feed = await readFeed(decodeText(await openRegisterSource(file)), format);
  } catch (e) {
    throw new UnreadableFeed((e as Error).message);
  }
  const classifier = await loadSocClassifier(options.rootDir);
  return importJobs(db, feed, { ...options, today, rules, classifier });
}

function usage(problem?: string, text = USAGE): number {
  console.error(problem ? `${problem}\n${text}` : text);
  return 2;
}

const RECOMPUTE_USAGE = `Usage: npm run jobs:recompute
  Judges every open job's Skilled Worker sponsorship again under today's rules and the register held
  (after a new rule set or a register import): employers are matched anew and changed verdicts written.`;

/**
 * Every open job's employer matched and verdict judged again, with a line saying what changed; also
 * run by the register's import and refresh once a register is in.
 */
export async function recomputeJobVerdicts(db: Db, now = new Date()): Promise<void> {
  const started = performance.now();
  const today = todayInLondon(now);
  const rules = await ruleSetFor(today);
  if (!rules) throw new Error(`No sponsorship rule set covers ${today}`);
  const s = await recomputeSponsorship(db, { now, today, rules });
  const counts = Object.entries(s.byStatus)
    .filter(([, n]) => n)
    .map(([status, n]) => `${n.toLocaleString("en-GB")} ${status}`)
    .join(", ");
  console.log(
    `Judged the sponsorship of ${s.checked.toLocaleString("en-GB")} open job${s.checked === 1 ? "" : "s"} under ${rules.version}: ${s.changed.toLocaleString("en-GB")} changed` +
      `${counts ? ` (now ${counts})` : ""} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

/** `npm run jobs:recompute`: 0 done, 2 usage. */
export async function runJobsRecompute(argv: string[], rootDir: string, now = new Date()): Promise<number> {
  if (argv.length) return usage(`Unexpected argument ${argv[0]}`, RECOMPUTE_USAGE);
  return withMigratedDatabase(rootDir, "npm run jobs:recompute", async ({ db }) => {
    await recomputeJobVerdicts(db, now);
    return 0;
  });
}
