import path from "node:path";
import { withMigratedDatabase } from "~/db/open.server";
import { decodeText } from "~/features/sponsors/csv";
import { todayInLondon } from "~/features/sponsors/freshness";
import { openRegisterSource } from "~/features/sponsors/source.server";
import { ruleSetFor } from "~/features/sponsorship/rules";
import { readFeed } from "./feed";
import { importJobs } from "./import.server";

const USAGE = `Usage: npm run jobs:import -- <file or URL> [--source NAME] [--skip-bad]
  Imports a job feed (JSON Lines: .jsonl or .ndjson; CSV: .csv; either may be .gz) as the whole feed of
  one source (default: the file's name without its extension): new jobs are added, known ones updated,
  jobs the feed no longer lists closed. A feed with a bad line imports nothing; with --skip-bad its good
  lines are imported and nothing is closed. The fields are described in README "Job feeds".`;

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
  source ??= path.basename(new URL(file, "file:///").pathname).replace(/\.gz$/, "").replace(/\.[^.]+$/, "");
  if (!/^[\w.-]{1,80}$/.test(source)) return usage(`The source name "${source}" must be letters, digits, ".", "_" or "-"`);
  const today = todayInLondon(now);
  const rules = await ruleSetFor(today);
  if (!rules) throw new Error(`No sponsorship rule set covers ${today}`);
  return withMigratedDatabase(rootDir, "npm run jobs:import", async ({ db }) => {
    let feed;
    try {
      feed = await readFeed(decodeText(await openRegisterSource(file)), format);
    } catch (e) {
      console.error(`Cannot read ${file}: ${(e as Error).message}. Nothing changed.`);
      return 1;
    }
    const outcome = await importJobs(db, feed, { source, now, today, rules, skipBad });
    const problems = outcome.ok ? outcome.summary.problems : outcome.problems;
    for (const p of problems.slice(0, 200)) console.error(`Line ${p.line}: ${p.message}`);
    if (problems.length > 200) console.error(`… and ${problems.length - 200} more problems.`);
    if (!outcome.ok) {
      console.error(`${problems.length} problem${problems.length === 1 ? "" : "s"} in ${file}: nothing imported. Correct the file, or import its good lines with --skip-bad.`);
      return 1;
    }
    const s = outcome.summary;
    console.log(`Imported ${source}: ${s.added} added, ${s.updated} updated, ${s.closed} closed${s.skipped ? `, ${s.skipped} bad line${s.skipped === 1 ? "" : "s"} skipped (nothing closed)` : ""}.`);
    return 0;
  });
}

function usage(problem?: string): number {
  console.error(problem ? `${problem}\n${USAGE}` : USAGE);
  return 2;
}
