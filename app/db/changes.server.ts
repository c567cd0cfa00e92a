/**
 * What the database says has changed, table by table, as every statement that writes a table of the
 * app notifies `table_changes` with the table's name once its transaction commits (the trigger of
 * drizzle/0060_table_changes.sql), whichever process wrote it. Kept pages (server/page-cache.ts) note
 * the stamp before they are rendered and the tables their render read, and are served again only
 * while none of those tables has changed since (docs/decisions/0011-kept-pages-on-postgresql.md).
 */
export const TABLE_CHANGES_CHANNEL = "table_changes";

/** The trigger every table of the app carries (drizzle/0060_table_changes.sql). */
export const TABLE_CHANGE_TRIGGER = "note_table_change";

/** The trigger a table whose rows each belong to one person carries besides (drizzle/0061_owner_changes.sql). */
export const OWNER_CHANGE_TRIGGER = "note_owner_insert";

/** How the connection that listens names itself to PostgreSQL (pg_stat_activity). */
export const CHANGES_APPLICATION_NAME = "careers-platform table changes";

/** How a watcher hears the database: the embedded database in-process, PostgreSQL on a connection of its own. */
export type ChangeSource = {
  /** Starts listening; `heard` gets each notice ("table" or "table:owner"), `lost` says notices may have been missed. */
  listen(heard: (table: string) => void, lost: () => void): Promise<void>;
  /** The names of the tables that carry the trigger, and of those whose notices name owners, with the owner's column. */
  tables(): Promise<{ tables: string[]; owned: [table: string, column: string][] }>;
  /**
   * True once every change committed before the call has been heard, false when that cannot be
   * known now (the connection is down): the caller then reads the database instead.
   */
  caughtUp(): boolean | Promise<boolean>;
  close(): Promise<void>;
};

/** How many people's changes are remembered one by one, before they are forgotten all at once. */
const MAX_OWNERS = 50_000;

/**
 * What a render read is named by table ("saved_jobs"), or for a table whose rows each belong to one
 * person, by table and owner ("saved_jobs:42") when it read only that person's rows.
 */
export class TableChanges {
  private count = 0;
  /** By table: its last change, whoever's rows it was. */
  private readonly changedAt = new Map<string, number>();
  /** By table: its last change said of the table whole (a TRUNCATE, rows of many people). */
  private readonly wholeAt = new Map<string, number>();
  /** By "table:owner": the last change to that person's rows. */
  private readonly ownerAt = new Map<string, number>();
  /** Everything counts as changed at this stamp: notices may have been missed. */
  private allChangedAt = 0;
  private known: ReadonlySet<string> = new Set();
  private ownedTables: ReadonlyMap<string, string> = new Map();

  constructor(private readonly source: ChangeSource) {}

  /** Listens, and learns which tables there are; called once the database is migrated. */
  async start(): Promise<this> {
    await this.source.listen(
      (notice) => this.heard(notice),
      () => (this.allChangedAt = ++this.count),
    );
    const { tables, owned } = await this.source.tables();
    this.known = new Set(tables);
    this.ownedTables = new Map(owned);
    return this;
  }

  private heard(notice: string): void {
    const at = ++this.count;
    const colon = notice.indexOf(":");
    if (colon < 0) {
      this.changedAt.set(notice, at);
      this.wholeAt.set(notice, at);
      return;
    }
    this.changedAt.set(notice.slice(0, colon), at);
    // Rows of no one ("saved_jobs:") are read by no page that reads one person's.
    if (colon === notice.length - 1) return;
    if (this.ownerAt.size >= MAX_OWNERS) {
      this.ownerAt.clear();
      this.allChangedAt = at;
    }
    this.ownerAt.set(notice, at);
  }

  /** The tables of the app, whose names a query's text is searched for (see `trackReads`). */
  get tables(): ReadonlySet<string> {
    return this.known;
  }

  /**
   * The tables whose rows each belong to one person, with the column naming them (`user_id`, or `id`
   * for `users`): read by owner when a statement reads one person's rows.
   */
  get owned(): ReadonlyMap<string, string> {
    return this.ownedTables;
  }

  /** A number that grows with every change heard: note it before reading. */
  stamp(): number {
    return this.count;
  }

  /**
   * Whether any of these tables ("table", or "table:owner" for one person's rows) changed after
   * `stamp` was noted (or may have: a lost connection).
   */
  changedSince(tables: Iterable<string>, stamp: number): boolean {
    if (this.allChangedAt > stamp) return true;
    for (const name of tables) {
      const colon = name.indexOf(":");
      if (colon < 0) {
        if ((this.changedAt.get(name) ?? 0) > stamp) return true;
      } else if ((this.ownerAt.get(name) ?? 0) > stamp || (this.wholeAt.get(name.slice(0, colon)) ?? 0) > stamp) {
        return true;
      }
    }
    return false;
  }

  /** See ChangeSource.caughtUp. */
  caughtUp(): boolean | Promise<boolean> {
    return this.source.caughtUp();
  }

  close(): Promise<void> {
    return this.source.close();
  }
}

// A trigger's arguments are its bytes, each ending in a zero byte (escaped as \000).
const TABLES_WITH_TRIGGER = `select c.relname as name, (select split_part(encode(o.tgargs, 'escape'), '\\000', 1)
    from pg_trigger o where o.tgrelid = c.oid and o.tgname = '${OWNER_CHANGE_TRIGGER}') as owner
  from pg_trigger t join pg_class c on c.oid = t.tgrelid
  join pg_namespace n on n.oid = c.relnamespace where t.tgname = '${TABLE_CHANGE_TRIGGER}' and n.nspname = 'public'`;

type TableRow = { name: string; owner: string | null };
const tablesOf = (rows: TableRow[]) => ({
  tables: rows.map((r) => r.name),
  owned: rows.flatMap((r): [string, string][] => (r.owner ? [[r.name, r.owner]] : [])),
});

type Pglite = import("@electric-sql/pglite").PGlite;

/**
 * The embedded database: one process owns it, and PGlite hands a commit's notices to its listeners
 * before the statement that committed returns, so whoever reads after a write has heard it.
 */
export function pgliteChanges(
  client: Pglite,
  /** The notifications of the statements sent past PGlite's reader (app/db/statements.server.ts). */
  onKeptNotification: (listener: (channel: string, payload: string) => void) => () => void,
): ChangeSource {
  let unlisten: (() => Promise<void>) | null = null;
  let unlistenKept: (() => void) | null = null;
  return {
    async listen(heard) {
      unlisten = await client.listen(TABLE_CHANGES_CHANNEL, heard);
      unlistenKept = onKeptNotification((channel, payload) => channel === TABLE_CHANGES_CHANNEL && heard(payload));
    },
    async tables() {
      return tablesOf((await client.query<TableRow>(TABLES_WITH_TRIGGER)).rows);
    },
    caughtUp: () => true,
    async close() {
      unlistenKept?.();
      await unlisten?.().catch(() => {});
    },
  };
}

type PgClient = import("pg").Client;

/**
 * A PostgreSQL server: a connection of its own that listens. A notice is sent once its transaction
 * commits, and PostgreSQL delivers the notices pending for a connection before it answers that
 * connection's next query, so a query sent after a request came in and answered proves that every
 * change committed before the request was heard. Requests that ask at once share one such query.
 * A connection lost counts as every table changed; a check every `checkMs` finds one that died
 * quietly, and a new one is opened.
 */
export function postgresChanges(url: string, opts: { checkMs?: number; retryMs?: number } = {}): ChangeSource {
  const checkMs = opts.checkMs ?? 5_000;
  const retryMs = opts.retryMs ?? 1_000;
  let client: PgClient | null = null;
  let closed = false;
  let heard: (table: string) => void = () => {};
  let lost: () => void = () => {};
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;
  /** Once the first connection listens: a later one follows a lost one. */
  let started = false;

  const drop = (which: PgClient) => {
    if (client !== which) return;
    client = null;
    lost();
    which.end().catch(() => {});
    if (!closed) schedule(retryMs, connect);
  };
  const schedule = (ms: number, run: () => void) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const connect = async (): Promise<void> => {
    const { default: pg } = await import("pg");
    const fresh = new pg.Client({ connectionString: url, application_name: CHANGES_APPLICATION_NAME });
    fresh.on("notification", (n) => n.channel === TABLE_CHANGES_CHANNEL && n.payload && heard(n.payload));
    fresh.on("error", () => drop(fresh));
    fresh.on("end", () => drop(fresh));
    try {
      await fresh.connect();
      await fresh.query(`listen ${TABLE_CHANGES_CHANNEL}`);
    } catch (error) {
      fresh.end().catch(() => {});
      if (closed) return;
      // The first connection is the server's to report; a later one is tried again.
      if (!started) throw error;
      schedule(retryMs, connect);
      return;
    }
    if (closed) return void fresh.end().catch(() => {});
    client = fresh;
    // Whatever was committed while no one listened is unknown.
    if (started) lost();
    schedule(checkMs, check);
  };
  const ping = async (): Promise<boolean> => {
    const current = client;
    if (!current) return false;
    try {
      await current.query("select 1");
      return true;
    } catch {
      drop(current);
      return false;
    }
  };
  const check = async () => {
    await caughtUp();
    if (client && !closed) schedule(checkMs, check);
  };
  const caughtUp = (): Promise<boolean> => {
    if (!inFlight) {
      inFlight = ping().finally(() => (inFlight = null));
      return inFlight;
    }
    // The query in flight was sent before this call, and proves nothing about it: the next one does.
    next ??= inFlight.then(() => {
      next = null;
      return caughtUp();
    });
    return next;
  };

  return {
    async listen(onHeard, onLost) {
      heard = onHeard;
      lost = onLost;
      await connect();
      started = true;
    },
    async tables() {
      if (!client) throw new Error("The database's change notices are not being heard.");
      return tablesOf((await client.query<TableRow>(TABLES_WITH_TRIGGER)).rows);
    },
    caughtUp,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
