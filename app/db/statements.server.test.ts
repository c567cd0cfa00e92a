import { PGlite, messages, protocol } from "@electric-sql/pglite";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Answer } from "./wire.server";
import { keptStatements } from "./statements.server";

describe("kept statements on PGlite", () => {
  let client: PGlite;
  // From the run's migrated snapshot: a new PGlite's initdb is seconds of CPU, and not what this tests.
  beforeAll(async () => {
    client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(inject("pgliteSnapshot"))]) });
    await client.exec(
      "create table notes (id int primary key, body text, at timestamptz, tags text[], meta jsonb, done boolean, raw bytea)",
    );
  });
  afterAll(() => client.close());

  /** The statements the session holds under a name. */
  const held = async () =>
    (await client.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (r) => r.statement,
    );

  it("answers as PGlite's query does, with its serializers and parsers, parsing each statement once", async () => {
    const kept = keptStatements(client);
    const insert = "insert into notes values ($1, $2, $3, $4, $5, $6, $7)";
    const at = new Date("2026-11-28T09:30:00Z");
    const row = [1, "first", at, ["a", 'b "quoted"'], { n: 1, list: [true] }, true, new Uint8Array([0, 255])];
    expect((await kept.query(insert, row)).affectedRows).toBe(1);
    expect((await kept.query(insert, [2, null, null, [], null, false, null])).affectedRows).toBe(1);
    const select = "select * from notes where id = any($1) order by id";
    for (const options of [undefined, { rowMode: "array" as const }]) {
      const mine = await kept.query(select, [[1, 2]], options);
      expect(mine).toEqual(await client.query(select, [[1, 2]], options));
      expect(mine.rows).toHaveLength(2);
    }
    // The command and count of a write that returns no rows.
    const write = "update notes set body = body where id < $1";
    const wrote = await kept.query(write, [100]);
    expect(wrote).toEqual(await client.query(write, [100]));
    expect(wrote).toMatchObject({ command: "UPDATE", affectedRows: 2, rowCount: 2, rows: [] });
    const [first] = (await kept.query(select, [[1]])).rows;
    expect(first).toEqual({
      id: 1,
      body: "first",
      at,
      tags: ["a", 'b "quoted"'],
      meta: { n: 1, list: [true] },
      done: true,
      raw: new Uint8Array([0, 255]),
    });
    expect((await held()).filter((s) => s === select)).toHaveLength(1);
    expect((await held()).filter((s) => s === insert)).toHaveLength(1);
  });

  it("refuses a write with PostgreSQL's error, every field of it as PGlite's query gives them", async () => {
    const kept = keptStatements(client);
    const insert = "insert into notes (id, body) values ($1, $2)";
    const [mine, theirs] = await Promise.all([
      kept.query(insert, [1, "again"]).catch((e: unknown) => e),
      client.query(insert, [1, "again"]).catch((e: unknown) => e),
    ]);
    expect(mine).toBeInstanceOf(messages.DatabaseError);
    expect(mine).toMatchObject({ code: "23505", constraint: "notes_pkey", table: "notes", query: insert });
    expect({ ...(mine as object), message: (mine as Error).message }).toEqual({
      ...(theirs as object),
      message: (theirs as Error).message,
    });
  });

  it("reads an answer that PostgreSQL writes in pieces, a message or a character cut anywhere", async () => {
    const text = "select $1::text as word, n from generate_series(1, 3) n";
    const expected = await client.query(text, ["naïve café ✓"], { rowMode: "array" });
    const kept = keptStatements(client);
    expect(await kept.query(text, ["naïve café ✓"], { rowMode: "array" })).toEqual(expected);
    // The same bytes, one at a time.
    const pieces: Uint8Array[] = [];
    const { serialize } = protocol;
    await client.execProtocol(serialize.parse({ name: "pieces", text }));
    await client.execProtocolRawStream(
      new Uint8Array([
        ...serialize.bind({ statement: "pieces", values: ["naïve café ✓"] }),
        ...serialize.execute({}),
        ...serialize.sync(),
      ]),
      { onRawData: (bytes) => pieces.push(bytes.slice()) },
    );
    const answer = new Answer(expected.fields, client.parsers, { rowMode: "array" });
    for (const piece of pieces) for (const byte of piece) answer.read(new Uint8Array([byte]));
    expect(answer.error).toBeNull();
    expect(answer.results()).toEqual(expected);
  });

  it("sends parameters of any size, in any script", async () => {
    const kept = keptStatements(client);
    const long = "ünïcode ✓ ".repeat(3000);
    const { rows } = await kept.query("select $1::text as long, $2::text as short, $3::text as none", [
      long,
      "é",
      null,
    ]);
    expect(rows).toEqual([{ long, short: "é", none: null }]);
  });

  it("refuses a bad parameter with PostgreSQL's error and the statement, and the session goes on", async () => {
    const kept = keptStatements(client);
    const error = await kept.query("select body from notes where id = $1", ["one"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: "22P02", query: "select body from notes where id = $1", params: ["one"] });
    expect((await kept.query("select body from notes where id = $1", [1])).rows).toEqual([{ body: "first" }]);
  });

  it("keeps at most `max` statements, closing the least recently used", async () => {
    const kept = keptStatements(client, 2);
    const [a, b, c] = ["select 'a' as x", "select 'b' as x", "select 'c' as x"];
    for (const text of [a, b, a, c]) await kept.query(text);
    const statements = await held();
    expect(statements).toEqual(expect.arrayContaining([a, c]));
    expect(statements).not.toContain(b);
    expect(kept.size).toBe(2);
    expect((await kept.query(b)).rows).toEqual([{ x: "b" }]);
  });

  it("keeps a statement first parsed in a transaction that rolled back", async () => {
    const kept = keptStatements(client);
    const text = "select count(*)::int as n from notes where done = $1";
    await client.transaction(async (tx) => {
      expect((await kept.inTransaction(tx, text, [true])).rows).toEqual([{ n: 1 }]);
      await tx.rollback();
    });
    expect((await kept.query(text, [false])).rows).toEqual([{ n: 1 }]);
    expect((await held()).filter((s) => s === text)).toHaveLength(1);
  });

  it("answers with a table's new columns after a schema change", async () => {
    const kept = keptStatements(client);
    await client.exec("create table changing (id int)");
    await client.exec("insert into changing values (1)");
    expect((await kept.query("select * from changing")).rows).toEqual([{ id: 1 }]);
    await client.exec("alter table changing add column note text default 'new'");
    expect((await kept.query("select * from changing")).rows).toEqual([{ id: 1, note: "new" }]);
  });

  it("waits for a transaction under way instead of running inside it", async () => {
    const kept = keptStatements(client);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (3, 'uncommitted')");
      inserted();
      await gate;
      await tx.rollback();
    });
    await insertedYet;
    let answered = false;
    const read = kept.query("select count(*)::int as n from notes where id = $1", [3]).then((r) => {
      answered = true;
      return r;
    });
    // Every pending job of the event loop has run: the read has not, as it waits for the transaction.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ n: 0 }]);
  });
});
