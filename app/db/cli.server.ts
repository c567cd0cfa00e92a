import { loadConfig } from "~/lib/env.server";
import { openAppDatabase } from "~/lib/services.server";
import { importDemoRegisterIfEmpty } from "~/features/sponsors/source.server";
import { migrate, seedDemoData } from "./setup.server";

const USAGE = `Usage:
  npm run db:migrate             apply pending migrations and reference data
  npm run db:seed [-- --demo]    reference data; with --demo also the demo universities, accounts and sponsor register`;

/** `npm run db:migrate` and `npm run db:seed`; on the embedded database only while the server is stopped. */
export async function runCli(argv: string[], rootDir: string): Promise<number> {
  const [command, ...flags] = argv;
  if (command !== "migrate" && command !== "seed") {
    console.error(USAGE);
    return 2;
  }
  const unknown = flags.filter((f) => f !== "--demo");
  if (unknown.length || (command === "migrate" && flags.length)) {
    console.error(`Unknown option ${unknown[0] ?? flags[0]}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env);
  const { database, release } = await openAppDatabase(config, rootDir, `npm run db:${command}`);
  try {
    await migrate(database, rootDir);
    if (command === "seed" && flags.includes("--demo")) {
      await seedDemoData(database.db);
      const register = await importDemoRegisterIfEmpty(database.db, rootDir);
      console.log(`Demo universities and accounts are in place${register ? `, and the sponsor register of ${register.registerDate}` : ""}.`);
    }
    console.log(`Database ready (${database.kind === "pglite" ? `embedded, ${config.DATA_DIR}` : "PostgreSQL server"}).`);
    return 0;
  } finally {
    await database.close();
    release();
  }
}
