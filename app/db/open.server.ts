import { secretsKey } from "~/lib/secret-box.server";
import { sql } from "drizzle-orm";
import { type Config, loadConfig } from "~/lib/env.server";
import { StartupError } from "~/lib/service";
import { type Database, openDatabase, rowsOf } from "./client.server";
import { lockDataDir } from "./lock.server";
import { isEmpty, migrate, migrationCount, seedDemoData } from "./setup.server";

/** Opens the database; the embedded one is locked to this process until `release`. */
export async function openAppDatabase(
  config: Config,
  owner: string,
): Promise<{ database: Database; release: () => void }> {
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR, owner);
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    return { database, release };
  } catch (e) {
    release();
    throw e;
  }
}

/**
 * For a command-line tool: opens the database (refused on the embedded one while the server runs),
 * applies pending migrations, runs `work`, and always closes and releases it.
 */
export async function withMigratedDatabase<T>(
  rootDir: string,
  owner: string,
  work: (database: Database, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig(process.env);
  const { database, release } = await openAppDatabase(config, owner);
  try {
    await migrate(database, rootDir);
    return await work(database, config);
  } finally {
    await database.close();
    release();
  }
}

/** How many of the code's migrations (its journal's) the database has applied. */
export async function migrationsApplied(
  database: Database,
  rootDir: string,
): Promise<{ applied: number; expected: number }> {
  const expected = migrationCount(rootDir);
  let applied = 0;
  try {
    const [row] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    applied = Number(row?.n ?? 0);
  } catch {
    applied = 0;
  }
  return { applied, expected };
}

/** The server's start: PGlite is migrated and seeded on its own; a PostgreSQL server must be migrated already. */
export async function readyForServing(database: Database, rootDir: string, config: Config): Promise<void> {
  if (database.kind === "pglite") {
    await migrate(database, rootDir);
    if (await isEmpty(database.db)) await seedDemoData(database.db, secretsKey(config));
    return;
  }
  const { applied, expected } = await migrationsApplied(database, rootDir);
  if (applied < expected) {
    throw new StartupError(
      `The database has ${applied} of ${expected} migrations applied. Run "npm run db:migrate" with the same DATABASE_URL first.`,
    );
  }
}
