import { isIsoDay } from "~/lib/dates";
import { withMigratedDatabase } from "~/db/open.server";
import { RegisterImportError, importRegister } from "./import.server";
import { dateInName, openRegisterSource } from "./source.server";

const USAGE = `Usage: npm run sponsors:import -- <file or URL> [--date YYYY-MM-DD]
  Imports the Home Office register of licensed sponsors (CSV, or .csv.gz) as the live register.
  The register date defaults to a date in the file name, else today.`;

/** `npm run sponsors:import`: 0 imported, 1 not imported (nothing changed), 2 usage. */
export async function runSponsorsImport(argv: string[], rootDir: string): Promise<number> {
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
  const registerDate = date ?? dateInName(source) ?? new Date().toISOString().slice(0, 10);
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
      const s = await importRegister(db, chunks, { registerDate, source });
      console.log(
        `Imported the register of ${s.registerDate}: ${s.rows.toLocaleString("en-GB")} rows, ${s.organisations.toLocaleString("en-GB")} organisations ` +
          `(${s.added} added, ${s.removed} removed, ${s.changed} changed) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
      return 0;
    } catch (e) {
      if (!(e instanceof RegisterImportError)) throw e;
      console.error(e.message);
      return 1;
    }
  });
}
