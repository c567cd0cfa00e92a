import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { date, integer, interval, numeric, pgTable, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { type Database, openDatabase } from "./client.server";

describe("the embedded database's answers", () => {
  const typed = pgTable("typed", {
    id: integer("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }),
    local: timestamp("local"),
    day: date("day"),
    span: interval("span"),
    ats: timestamp("ats", { withTimezone: true }).array(),
    days: date("days").array(),
    amounts: numeric("amounts").array(),
  });
  const setup = [
    sql`create table typed (id int primary key, at timestamptz, local timestamp, day date, span interval, ats timestamptz[], days date[], amounts numeric[])`,
    sql`insert into typed values (1, '2026-11-25 10:00:00+00', '2026-11-25 10:00:00', '2026-11-25', '1 day 2 hours', '{"2026-11-25 10:00:00+00","2026-12-01 09:30:00+00"}', '{2026-11-25,2026-12-24}', '{1.50,2}')`,
  ];

  it("are the same as plain Drizzle on PGlite gives, with the parsers it passes set once on the client", async () => {
    // Both from the run's migrated snapshot: a new PGlite's initdb is seconds of CPU, and not what this tests.
    const ours = await createTestDatabase();
    const plainClient = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(inject("pgliteSnapshot"))]) });
    const plain = drizzle(plainClient);
    try {
      for (const db of [ours.db, plain]) for (const statement of setup) await db.execute(statement);
      const read = async (db: typeof plain) => ({
        typed: await db.select().from(typed),
        raw: (await db.execute(sql`select * from typed`)).rows,
        inTransaction: await db.transaction(async (tx) => tx.select().from(typed)),
      });
      const mine = await read(ours.db as unknown as typeof plain);
      expect(mine).toEqual(await read(plain));
      expect(mine.typed[0]!.at).toEqual(new Date("2026-11-25T10:00:00Z"));
      expect(mine.raw[0]).toMatchObject({ day: "2026-11-25", span: "1 day 02:00:00" });
    } finally {
      await ours.close();
      await plainClient.close();
    }
  });
});

describe("the embedded database's count of writes", () => {
  let database: Database;
  const count = () => database.writes!();
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table counted (id int primary key, note text)`);
  });
  afterAll(() => database.close());

  it("counts statements that changed rows, and no reads", async () => {
    const start = count();
    await database.db.execute(sql`insert into counted values (1, 'a'), (2, 'b')`);
    expect(count()).toBe(start + 1);
    await database.db.execute(sql`select * from counted`);
    await database.db.execute(sql`update counted set note = 'x' where id = 99`);
    expect(count()).toBe(start + 1);
    await database.db.execute(sql`delete from counted where id = 2`);
    expect(count()).toBe(start + 2);
    // PostgreSQL reports no rows for a CTE's writes.
    await database.db.execute(sql`with gone as (delete from counted where id = 1 returning id) select id from gone`);
    expect(count()).toBe(start + 3);
  });

  it("counts a transaction once, when it changed rows", async () => {
    const start = count();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counted values (3, 'c')`);
      await tx.execute(sql`update counted set note = 'd' where id = 3`);
      expect(count()).toBe(start);
    });
    expect(count()).toBe(start + 1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select * from counted`);
    });
    expect(count()).toBe(start + 1);
  });

  it("tells its one connection busy while a statement or transaction runs, and the others waiting", async () => {
    expect(database.connections()).toEqual({ max: 1, open: 1, idle: 1, waiting: 0 });
    let seen: unknown;
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      seen = database.connections();
    });
    const statement = database.db.execute(sql`select 2`);
    await Promise.all([transaction, statement]);
    expect(seen).toEqual({ max: 1, open: 1, idle: 0, waiting: 1 });
    expect(database.connections()).toEqual({ max: 1, open: 1, idle: 1, waiting: 0 });
  });

  it("is not kept for a PostgreSQL server, which other processes write too", async () => {
    const server = await openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    expect(server.writes).toBeNull();
    // The pool opens its connections when asked for one.
    expect(server.connections()).toEqual({ max: 10, open: 0, idle: 0, waiting: 0 });
    await server.close();
  });
});
