import { messages, protocol } from "@electric-sql/pglite";
import { Answer, type Field, bindAndExecute } from "./wire.server";

type Pglite = import("@electric-sql/pglite").PGlite;
type Transaction = import("@electric-sql/pglite").Transaction;
type QueryOptions = Parameters<Pglite["query"]>[2];
type Results = Awaited<ReturnType<Pglite["query"]>>;

const { serialize } = protocol;

/** What is kept of a statement once parsed: its name in the session, its parameters' types, its row's fields. */
type Statement = { name: string; paramTypes: number[]; fields: Field[] };

/**
 * The statements worth keeping: the queries and writes Drizzle sends again and again. Schema changes,
 * SET, LISTEN and the like are sent as they come, the way PGlite sends every query.
 */
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;

/** A statement that only reads (a CTE may write, so only a plain SELECT). */
const READS = /^\s*select\b/i;

/**
 * A statement kept from before a schema change whose answer's columns changed (0A000, "cached plan
 * must not change result type"), or one the session no longer holds (26000): parsed again.
 */
const STALE = new Set(["0A000", "26000"]);

/** Statement names are unique in the process, so that two caches of one session never share one. */
let named = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/**
 * PGlite's `query` with each statement parsed and planned once, as PostgreSQL's drivers do with
 * prepared statements. PGlite's own `query` sends every statement as a new unnamed one: six protocol
 * messages, each a call into its WebAssembly, and PostgreSQL parses, analyses and plans it every time,
 * about 0.5 to 1 ms of CPU for the dashboard's small reads where running them costs about 0.1 ms.
 * Here a statement is parsed once under a name, and each later run is one call (Bind, Execute, Sync);
 * PostgreSQL replans it when a table it reads changes, and may keep a generic plan after five runs
 * when it costs no more than a custom one. Parameters are serialised as PGlite's `query` does, with
 * its serializers, and the answer read into what it answers (wire.server.ts), without PGlite's copy
 * of every message. At most `max` statements are kept, the least recently used closed first.
 */
export function keptStatements(client: Pglite, max = 200) {
  const statements = new Map<string, Statement>();
  const listeners = new Set<(channel: string, payload: string) => void>();

  const send = async (parts: Uint8Array[], throwOnError = true) =>
    (await client.execProtocol(concat([...parts, serialize.sync()]), { syncToFs: false, throwOnError })).messages;

  async function prepare(text: string): Promise<Statement> {
    const name = `kept_${++named}`;
    const answer = await send([serialize.parse({ name, text }), serialize.describe({ type: "S", name })]);
    const params = answer.find((m) => m.name === "parameterDescription") as
      | InstanceType<typeof messages.ParameterDescriptionMessage>
      | undefined;
    const row = answer.find((m) => m.name === "rowDescription") as
      | InstanceType<typeof messages.RowDescriptionMessage>
      | undefined;
    const statement = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      fields: row ? row.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) : [],
    };
    statements.set(text, statement);
    if (statements.size > max) {
      const [oldest, { name: closed }] = statements.entries().next().value!;
      statements.delete(oldest);
      // Not worth failing a query over: a statement left open only holds a little of the session's memory.
      await send([serialize.close({ type: "S", name: closed })], false);
    }
    return statement;
  }

  async function run(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean) {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the map's first entry is the one to close.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? (serializer(value) as string) : String(value);
    });
    const answer = new Answer(statement.fields, client.parsers, options);
    await client.execProtocolRawStream(bindAndExecute(statement.name, values), {
      syncToFs: false,
      onRawData: (bytes) => answer.read(bytes),
    });
    // Heard before the statement returns, as PGlite's own listeners are (a commit's notifications).
    for (const [channel, payload] of answer.notifications) for (const listener of listeners) listener(channel, payload);
    if (answer.error) throw answer.error;
    // PGlite syncs its filesystem after each statement outside a transaction, as its query does; a
    // read has nothing to sync (and on Node's filesystem and in memory the sync does nothing at all),
    // so reads skip its lock and promises, about 0.05 ms a statement.
    if (!inTransaction && !READS.test(text)) await client.syncToFs();
    return answer.results();
  }

  async function attempt(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean) {
    try {
      return await run(text, params, options, inTransaction);
    } catch (error) {
      if (!(error instanceof messages.DatabaseError)) throw error;
      const stale = error.code && STALE.has(error.code) && statements.get(text);
      if (stale) {
        statements.delete(text);
        await send([serialize.close({ type: "S", name: stale.name })], false);
        // In a transaction the error has ended it; outside one, the statement is parsed anew and run.
        if (!inTransaction) return run(text, params, options, inTransaction);
      }
      // What PGlite's query adds to its errors.
      throw Object.assign(error, { query: text, params, queryOptions: options });
    }
  }

  const kept = (text: string, options: QueryOptions) => KEPT.test(text) && !options?.blob && !options?.paramTypes;

  return {
    /** `client.query`, outside any transaction: it waits for the one under way, as PGlite's does. */
    async query(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
      if (!kept(text, options)) return client.query(text, params, options);
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => attempt(text, params, options, false)),
      );
    },
    /** `tx.query`, inside the transaction `tx`. */
    async inTransaction(tx: Transaction, text: string, params: unknown[] = [], options?: QueryOptions) {
      if (!kept(text, options)) return tx.query(text, params, options);
      if (tx.closed) throw new Error("Transaction is closed");
      return client._runExclusiveQuery(() => attempt(text, params, options, true));
    },
    /**
     * Calls `listener` with the notifications a kept statement's answer brought (a write outside a
     * transaction commits as it runs), which PGlite's `listen` does not hear: it reads only what its
     * own reader reads. Returns what stops it.
     */
    onNotification(listener: (channel: string, payload: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** How many statements the session holds (for the tests). */
    get size() {
      return statements.size;
    },
  };
}
