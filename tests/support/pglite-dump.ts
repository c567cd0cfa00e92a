import fs from "node:fs";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";

/**
 * Writes `database` (PGlite) to `file` as a dump that test databases open in memory, a hundred and
 * more times a run, so what an open costs is trimmed: the buffer pool is set small (PGlite's default
 * of 128 MB is zeroed on every open, a third of an open's CPU, while a test database is a few MB of
 * rows), and the template databases go (two thirds of the files an open unpacks; PGlite never creates
 * a database). Only the copies are changed, as a test PostgreSQL server runs without fsync: nothing a
 * test checks depends on it.
 */
export async function writeTestDump(database: Database, file: string): Promise<void> {
  await database.db.execute(sql`alter system set shared_buffers = '16MB'`);
  // A second dump of the same database finds them gone.
  const templates = await rowsOf<{ datname: string }>(
    database.db,
    sql`select datname from pg_database where datname in ('template0', 'template1')`,
  );
  for (const { datname } of templates) {
    await database.db.execute(sql.raw(`alter database ${datname} is_template false`));
    await database.db.execute(sql.raw(`drop database ${datname}`));
  }
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
}
