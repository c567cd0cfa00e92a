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

describe("the database's connections, for the metrics", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("tells the embedded database's one connection busy while a statement or transaction runs, and the others waiting", async () => {
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

  it("tells a PostgreSQL server's pool, which opens its connections when asked for one", async () => {
    const server = await openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    expect(server.connections()).toEqual({ max: 10, open: 0, idle: 0, waiting: 0 });
    await server.close();
  });
});
