import type { SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** The rows of a raw query; both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
