import path from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { readsLogger } from "./reads.server";
import { keptStatements } from "./statements.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw query; both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * How many statements or transactions have changed rows, on the embedded database (which only
   * this process writes): what was read stays true while the count is unchanged. Null on a
   * PostgreSQL server, which other processes write too.
   */
  writes: (() => number) | null;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
};

type Pglite = import("@electric-sql/pglite").PGlite;
type QueryOptions = Parameters<Pglite["query"]>[2];
type Changed = { affectedRows?: number };

// PostgreSQL reports no rows for a CTE's writes (its command is the SELECT), so such a statement counts.
const WRITING_CTE = /^\s*with\b[\s\S]*\b(insert|update|delete|merge)\b/i;
const changedRows = (query: unknown, result: Changed) =>
  (result.affectedRows ?? 0) > 0 || (typeof query === "string" && WRITING_CTE.test(query));

/**
 * The types Drizzle asks PGlite to leave as text with every query (timestamps, intervals, dates and
 * their arrays, numeric[]), which it then reads itself. PGlite merges a query's parsers into its own
 * (some 400, one per type and array type) on each query, about 0.14 ms every time; set on the client
 * once, they need not be passed, and each answer is the same.
 */
const DRIZZLE_TEXT_TYPES = new Set(["1114", "1184", "1186", "1082", "1231", "1115", "1185", "1187", "1182"]);
const asText = (value: string) => value;

function withoutDrizzleParsers(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid of Object.keys(parsers)) if (!DRIZZLE_TEXT_TYPES.has(oid)) return options;
  return { ...options, parsers: undefined };
}

/**
 * The embedded database as Drizzle uses it, with a count of the statements that changed rows, counted
 * once they have (a transaction's, once it ends). PGlite runs one statement or transaction at a time,
 * and a query waits for the transaction under way: a reader that saw the count unchanged from its
 * first read to its last read nothing that changed in between. (A SELECT calling a function that
 * writes is not counted; none here does.)
 */
function forDrizzle(client: Pglite): { client: Pglite; writes: () => number } {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const statements = keptStatements(client);
  let writes = 0;
  const passThrough = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === "function" ? value.bind(target) : value;
  };
  const query =
    (run: Pglite["query"], changed: () => void) =>
    async (...[text, params, options]: Parameters<Pglite["query"]>) => {
      const result = await run(text, params, withoutDrizzleParsers(options));
      if (changedRows(text, result)) changed();
      return result;
    };
  const proxy = new Proxy(client, {
    get(target, prop) {
      if (prop === "query") return query(statements.query as Pglite["query"], () => writes++);
      if (prop === "transaction") {
        return async <T>(run: Parameters<Pglite["transaction"]>[0]) => {
          let wrote = false;
          try {
            return (await target.transaction((tx) =>
              run(
                new Proxy(tx, {
                  get: (t, p) =>
                    p === "query"
                      ? query(
                          ((text, params, options) =>
                            statements.inTransaction(t, text, params, options)) as Pglite["query"],
                          () => (wrote = true),
                        )
                      : passThrough(t, p),
                }),
              ),
            )) as T;
          } finally {
            if (wrote) writes++;
          }
        };
      }
      return passThrough(target, prop);
    },
  });
  return { client: proxy, writes: () => writes };
}

/** PGlite under dataDir when no URL is given (or in memory for "memory://"), else a PostgreSQL server. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob | File;
}): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzle(pool, { schema, logger: readsLogger });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      writes: null,
      migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // pg_trgm serves the sponsor checker's fuzzy name matching; PGlite loads an extension only when given it.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const dir = opts.dataDir ? path.join(opts.dataDir, "pglite") : undefined;
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const counter = forDrizzle(client);
  const db = drizzle(counter.client, { schema, logger: readsLogger });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    writes: counter.writes,
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
