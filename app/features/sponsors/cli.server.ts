import { SYSTEM_ACTOR } from "~/db/audit.server";
import { z } from "zod";
import { isIsoDay, todayInLondon } from "~/lib/dates";
import type { Db } from "~/db/client.server";
import { withMigratedDatabase } from "~/db/open.server";
import { OFFICIAL_REGISTER_URL } from "./freshness";
import { type ImportSummary, RegisterImportError, importRegister } from "./import.server";
import { RefreshError, type RefreshOutcome, refreshRegister } from "./refresh.server";
import { dateInName, openRegisterSource } from "./source.server";

const USAGE = `Usage: npm run sponsors:import -- <file or URL> [--date YYYY-MM-DD]
  Imports the Home Office register of licensed sponsors (CSV, or .csv.gz) as the live register.
  The register date defaults to a date in the file name, else today.`;

const REFRESH_USAGE = `Usage: npm run sponsors:refresh [-- --page URL]
  Imports the newest register linked from its GOV.UK publication page, unless it is already imported.
  The page defaults to SPONSOR_REGISTER_PAGE, else ${OFFICIAL_REGISTER_URL}.`;

const importedLine = (s: ImportSummary, started: number) =>
  `Imported the register of ${s.registerDate}: ${s.rows.toLocaleString("en-GB")} rows, ${s.organisations.toLocaleString("en-GB")} organisations ` +
  `(${s.added} added, ${s.removed} removed, ${s.changed} changed) in ${((performance.now() - started) / 1000).toFixed(1)} s.`;

/**
 * What the command line does once a new register is in, on the same database (server/cli.ts judges
 * the jobs' sponsorship again: the jobs feature builds on this one, not the other way).
 */
export type AfterImport = (db: Db) => Promise<void>;

/** Runs `afterImport`; its failure leaves the register imported, and exits 1 saying so (its message says what failed). */
async function followUp(db: Db, afterImport: AfterImport | undefined): Promise<number> {
  try {
    await afterImport?.(db);
    return 0;
  } catch (e) {
    console.error(`The register is imported, but ${(e as Error).message}`);
    return 1;
  }
}

/** `npm run sponsors:import`: 0 imported, 1 not imported (nothing changed) or `afterImport` failed, 2 usage. */
export async function runSponsorsImport(argv: string[], rootDir: string, afterImport?: AfterImport): Promise<number> {
  let source: string | undefined;
  let date: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--date") date = argv[++i] ?? "";
    else if (arg.startsWith("--date=")) date = arg.slice(7);
    else if (!arg.startsWith("--") && !source) source = arg;
    else {
      console.error(`Unexpected argument ${arg}\n${USAGE}`);
      return 2;
    }
  }
  if (!source) {
    console.error(USAGE);
    return 2;
  }
  if (date !== undefined && !isIsoDay(date)) {
    console.error(`--date must be a date as YYYY-MM-DD, found "${date}"`);
    return 2;
  }
  const named = dateInName(source);
  if (date === undefined && named && !isIsoDay(named)) {
    console.error(
      `The file name's date ${named} is not a day of the calendar; give the register's date with --date YYYY-MM-DD.`,
    );
    return 2;
  }
  const registerDate = date ?? named ?? todayInLondon(new Date());
  return withMigratedDatabase(rootDir, "npm run sponsors:import", async ({ db }) => {
    const started = performance.now();
    let chunks;
    try {
      chunks = await openRegisterSource(source);
    } catch (e) {
      console.error(`Cannot read ${source}: ${(e as Error).message}. Nothing changed.`);
      return 1;
    }
    try {
      console.log(
        importedLine(await importRegister(db, chunks, { registerDate, source, requestedBy: SYSTEM_ACTOR }), started),
      );
    } catch (e) {
      if (!(e instanceof RegisterImportError)) throw e;
      console.error(e.message);
      return 1;
    }
    return followUp(db, afterImport);
  });
}

/** What a refresh found and did, as the command and the refresh job (refresh-job.server.ts) print it. */
export function reportRefresh(outcome: RefreshOutcome, page: string, started: number): void {
  console.log(`The newest register on ${page} is the one of ${outcome.found.date}: ${outcome.found.url}`);
  if (outcome.kind === "imported") console.log(importedLine(outcome.summary, started));
  else if (outcome.held === outcome.found.date)
    console.log(`The register of ${outcome.held} is already imported. Nothing to do.`);
  else console.log(`The register held here, of ${outcome.held}, is newer. Nothing to do.`);
}

const PageUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) address" });

/**
 * `npm run sponsors:refresh`: 0 imported or already up to date, 1 not imported (nothing changed) or
 * `afterImport` failed, 2 usage.
 */
export async function runSponsorsRefresh(
  argv: string[],
  rootDir: string,
  env: NodeJS.ProcessEnv = process.env,
  afterImport?: AfterImport,
): Promise<number> {
  let page: string | undefined;
  let from = "SPONSOR_REGISTER_PAGE";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--page") page = argv[++i] ?? "";
    else if (arg.startsWith("--page=")) page = arg.slice(7);
    else {
      console.error(`Unexpected argument ${arg}\n${REFRESH_USAGE}`);
      return 2;
    }
    from = "--page";
  }
  page ??= env.SPONSOR_REGISTER_PAGE?.trim() || OFFICIAL_REGISTER_URL;
  const checked = PageUrl.safeParse(page);
  if (!checked.success) {
    console.error(`${from} ${checked.error.issues[0]!.message}, found "${page}"\n${REFRESH_USAGE}`);
    return 2;
  }
  return withMigratedDatabase(rootDir, "npm run sponsors:refresh", async ({ db }) => {
    const started = performance.now();
    try {
      const outcome = await refreshRegister(db, checked.data, SYSTEM_ACTOR);
      reportRefresh(outcome, checked.data, started);
      if (outcome.kind !== "imported") return 0;
    } catch (e) {
      if (!(e instanceof RefreshError || e instanceof RegisterImportError)) throw e;
      console.error(`${e.message}${e instanceof RefreshError ? " Nothing changed." : ""}`);
      return 1;
    }
    return followUp(db, afterImport);
  });
}
