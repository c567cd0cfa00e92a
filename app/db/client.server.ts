import path from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { type ChangeSource, TableChanges, pgliteChanges, postgresChanges } from "./changes.server";
import { readsLogger } from "./reads.server";
import { keptStatements } from "./statements.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw query; both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The database's connections now, for the metrics: node-postgres's pool (`max` of them), or PGlite's
 * one, busy while a statement or transaction runs, the others waiting their turn.
 */
export type Connections = { max: number; open: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * What has changed in the database, table by table, whoever wrote it: listening starts at the
   * first call (once the database is migrated), and stops when the database closes.
   */
  watchChanges(): Promise<TableChanges>;
  /**
   * On the embedded database: runs `work` while no other statement or transaction can run, for a copy
   * of its folder that is one moment of it (a backup). Null on a PostgreSQL server.
   */
  exclusive: (<T>(work: (embedded: ExclusiveEmbedded) => Promise<T>) => Promise<T>) | null;
  connections(): Connections;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
};

/** The embedded database while `Database.exclusive` holds it. */
export type ExclusiveEmbedded = {
  query<T>(text: string): Promise<T[]>;
  /** The data folder as PGlite's uncompressed tar, after a checkpoint. */
  dumpDataDir(): Promise<Blob>;
};

type Pglite = import("@electric-sql/pglite").PGlite;
type QueryOptions = Parameters<Pglite["query"]>[2];
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
 * The embedded database as Drizzle uses it: without the parsers it would pass with every query, and
 * counting the statements and transactions asked of it and not yet answered (for the metrics).
 */
function forDrizzle(client: Pglite): {
  client: Pglite;
  busy: () => number;
  onNotification: ReturnType<typeof keptStatements>["onNotification"];
} {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const statements = keptStatements(client);
  // Statements and transactions asked of the client and not yet answered (those of a transaction are its own).
  let busy = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy++;
    try {
      return await work();
    } finally {
      busy--;
    }
  };
  const passThrough = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === "function" ? value.bind(target) : value;
  };
  const query =
    (run: Pglite["query"]) =>
    (...[text, params, options]: Parameters<Pglite["query"]>) =>
      run(text, params, withoutDrizzleParsers(options));
  const proxy = new Proxy(client, {
    get(target, prop) {
      if (prop === "query") {
        const run = query(statements.query as Pglite["query"]);
        return (...args: Parameters<Pglite["query"]>) => counted(() => run(...args));
      }
      if (prop === "transaction") {
        return <T>(run: Parameters<Pglite["transaction"]>[0]) =>
          counted(
            () =>
              target.transaction((tx) =>
                run(
                  new Proxy(tx, {
                    get: (t, p) =>
                      p === "query"
                        ? query(((text, params, options) =>
                            statements.inTransaction(t, text, params, options)) as Pglite["query"])
                        : passThrough(t, p),
                  }),
                ),
              ) as Promise<T>,
          );
      }
      return passThrough(target, prop);
    },
  });
  return { client: proxy, busy: () => busy, onNotification: statements.onNotification };
}

/** Starts watching at the first call, and closes what it started. */
function watcher(source: () => ChangeSource) {
  let watching: Promise<TableChanges> | null = null;
  return {
    watchChanges: () => (watching ??= new TableChanges(source()).start()),
    async stop() {
      await (await watching?.catch(() => null))?.close();
    },
  };
}

/**
 * PGlite runs a statement under one lock and a transaction (every `query` and `exec` is one) under
 * another, and `dumpDataDir` takes only the first: between two statements of a transaction it would
 * copy that transaction half done. Inside a transaction of our own nothing else runs, and
 * `dumpDataDir` can still take the statement lock between our statements. It reads the files
 * synchronously, so its copy is of one moment. The checkpoint first writes the pages PGlite holds
 * changed in memory to those files: without it the copy would depend on replaying the write-ahead log
 * when it is opened.
 */
function exclusively<T>(client: Pglite, work: (embedded: ExclusiveEmbedded) => Promise<T>): Promise<T> {
  return client.transaction(async (tx) =>
    work({
      query: async <R>(text: string) => (await tx.query<R>(text)).rows,
      dumpDataDir: async () => {
        await tx.exec("checkpoint");
        return client.dumpDataDir("none");
      },
    }),
  );
}

/** PGlite under dataDir when no URL is given (or in memory for "memory://"), else a PostgreSQL server. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob | File;
}): Promise<Database> {
  const url = opts.url;
  if (url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const max = 10;
    // Idle connections stay for minutes, not node-postgres's 10 s: behind kept pages the pool rests
    // between renders for as long as a page is kept (10 s by default), and a render after that opened
    // up to ten connections at once (a server process each, made and warmed up), which took a
    // dashboard's render from milliseconds to 100-500 ms and stalled everyone waiting for that page.
    const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 5 * 60_000 });
    const db = drizzle(pool, { schema, logger: readsLogger });
    const changes = watcher(() => postgresChanges(url));
    return {
      db: db as unknown as Db,
      kind: "postgres",
      watchChanges: changes.watchChanges,
      exclusive: null,
      connections: () => ({ max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
      async close() {
        await changes.stop();
        await pool.end();
      },
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
  const changes = watcher(() => pgliteChanges(client, counter.onNotification));
  return {
    db: db as unknown as Db,
    kind: "pglite",
    watchChanges: changes.watchChanges,
    exclusive: (work) => exclusively(client, work),
    connections: () => {
      const busy = counter.busy();
      return { max: 1, open: 1, idle: busy > 0 ? 0 : 1, waiting: Math.max(0, busy - 1) };
    },
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    async close() {
      await changes.stop();
      await client.close();
    },
  };
}
