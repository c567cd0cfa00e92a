import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "~/db/client.server";

export type TableDigest = { rows: number; md5: string };

/**
 * Every table of the public schema with its number of rows and an MD5 of all its rows as text in one
 * order: two databases with the same digests hold the same rows, value for value.
 */
export async function tableDigests(db: Db): Promise<Record<string, TableDigest>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const digests: Record<string, TableDigest> = {};
  for (const { name } of tables) {
    const table = sql.raw(`public."${name.replaceAll('"', '""')}"`);
    const [row] = await rowsOf<{ rows: number; md5: string }>(
      db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as md5 from ${table} t`,
    );
    digests[name] = row!;
  }
  return digests;
}
