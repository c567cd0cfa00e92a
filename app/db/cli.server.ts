import path from "node:path";
import { formatReport, syncContent } from "~/features/blog/content-sync.server";
import { loadConfig } from "~/lib/env.server";
import { openAppDatabase } from "~/lib/services.server";
import { migrate, seedDemoData } from "./setup.server";

const USAGE = `Usage:
  npm run db:migrate             apply pending migrations and reference data
  npm run db:seed [-- --demo]    reference data; with --demo also the demo universities and accounts
  npm run content:sync           bring the blog, success stories and case studies in line with content/`;

/** `npm run db:migrate` and `npm run db:seed`; on the embedded database only while the server is stopped. */
export async function runCli(argv: string[], rootDir: string): Promise<number> {
  const [command, ...flags] = argv;
  if (command !== "migrate" && command !== "seed" && command !== "content-sync") {
    console.error(USAGE);
    return 2;
  }
  const unknown = flags.filter((f) => f !== "--demo");
  if (unknown.length || (command !== "seed" && flags.length)) {
    console.error(`Unknown option ${unknown[0] ?? flags[0]}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env);
  const { database, release } = await openAppDatabase(config, rootDir, `npm run db:${command}`);
  try {
    await migrate(database, rootDir);
    if (command === "content-sync") {
      const report = await syncContent(database.db, path.join(rootDir, "content"));
      console.log(formatReport(report));
      return report.problems.length ? 1 : 0;
    }
    if (command === "seed" && flags.includes("--demo")) {
      await seedDemoData(database.db);
      console.log("Demo universities and accounts are in place.");
    }
    console.log(`Database ready (${database.kind === "pglite" ? `embedded, ${config.DATA_DIR}` : "PostgreSQL server"}).`);
    return 0;
  } finally {
    await database.close();
    release();
  }
}
