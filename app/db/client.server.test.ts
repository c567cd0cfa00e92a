import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.server";

describe("the embedded database's count of writes", () => {
  let database: Database;
  const count = () => database.writes!();
  beforeAll(async () => {
    database = await openDatabase({});
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

  it("is not kept for a PostgreSQL server, which other processes write too", async () => {
    const server = await openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    expect(server.writes).toBeNull();
    await server.close();
  });
});
