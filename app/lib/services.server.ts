import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Database, openDatabase, rowsOf } from "~/db/client.server";
import { lockDataDir } from "~/db/lock.server";
import { isEmpty, migrate, migrationsFolder, seedDemoData } from "~/db/setup.server";
import { MicrositeDirectory } from "~/features/access/microsites.server";
import { formatReport, syncContent } from "~/features/blog/content-sync.server";
import { RateLimiter } from "~/features/auth/rate-limit.server";
import { SessionStore } from "~/features/auth/session.server";
import { type DemoRegisterImport, startDemoRegisterImport } from "~/features/sponsors/source.server";
import { type Config, loadConfig } from "./env.server";

export type Services = {
  config: Config;
  database: Database;
  sessions: SessionStore;
  microsites: MicrositeDirectory;
  rateLimiter: RateLimiter;
  /** The first start's import of the demo sponsor register, which runs while the server serves. */
  sponsorRegister: DemoRegisterImport;
  close(): Promise<void>;
};

export class StartupError extends Error {}

/** The embedded database keeps a generated secret beside its data, created once. */
function embeddedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  return fs.readFileSync(file, "utf8").trim();
}

/** Opens the database and readies it: on PGlite migrate and seed; on a server only check it is migrated. */
async function openAppDatabase(config: Config, rootDir: string, owner: string) {
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
export async function withMigratedDatabase<T>(rootDir: string, owner: string, work: (database: Database, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const { database, release } = await openAppDatabase(config, rootDir, owner);
  try {
    await migrate(database, rootDir);
    return await work(database, config);
  } finally {
    await database.close();
    release();
  }
}

async function assertMigrated(database: Database, rootDir: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(rootDir), "meta", "_journal.json"), "utf8"));
  const expected: number = journal.entries.length;
  let applied = 0;
  try {
    const { sql } = await import("drizzle-orm");
    const [row] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    applied = Number(row?.n ?? 0);
  } catch {
    applied = 0;
  }
  if (applied < expected) {
    throw new StartupError(
      `The database has ${applied} of ${expected} migrations applied. Run "npm run db:migrate" with the same DATABASE_URL first.`,
    );
  }
}

export async function createServices(config: Config, rootDir: string): Promise<Services> {
  const { database, release } = await openAppDatabase(config, rootDir, "web server");
  try {
    if (database.kind === "pglite") {
      await migrate(database, rootDir);
      if (await isEmpty(database.db)) await seedDemoData(database.db);
    } else {
      await assertMigrated(database, rootDir);
    }
    const content = await syncContent(database.db, path.join(rootDir, "content"));
    if (content.created || content.updated || content.unpublished || content.problems.length) console.log(formatReport(content));
    const secret = config.SESSION_SECRET ?? embeddedSessionSecret(config.DATA_DIR);
    const microsites = new MicrositeDirectory(database.db, config.MICROSITE_UNIVERSITY);
    if (config.MICROSITE_UNIVERSITY && !(await microsites.bySlugOrNull(config.MICROSITE_UNIVERSITY))) {
      throw new StartupError(
        `MICROSITE_UNIVERSITY: no university has the slug "${config.MICROSITE_UNIVERSITY}". Use the slug of an existing university, or unset it.`,
      );
    }
    // On a PostgreSQL server the demo register arrives with `npm run db:seed -- --demo` instead.
    const sponsorRegister = startDemoRegisterImport(database.kind === "pglite" ? database.db : null, rootDir);
    return {
      config,
      database,
      sessions: new SessionStore(database.db, secret),
      microsites,
      rateLimiter: new RateLimiter(database.db),
      sponsorRegister,
      async close() {
        await sponsorRegister.stop();
        await database.close();
        release();
      },
    };
  } catch (e) {
    await database.close().catch(() => {});
    release();
    throw e;
  }
}
