import { eq, sql } from "drizzle-orm";
import { pgTable, serial, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import type { Database } from "./client.server";
import { preparedQuery } from "./prepared.server";

const things = pgTable("prepared_things", { id: serial("id").primaryKey(), name: text("name").notNull() });

describe("preparedQuery", () => {
  let database: Database;
  let built = 0;
  const byName = preparedQuery((db) => {
    built++;
    return db
      .select({ id: things.id })
      .from(things)
      .where(eq(things.name, sql.placeholder("name")))
      .prepare("test_thing_by_name");
  });
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table prepared_things (id serial primary key, name text not null)`);
    await database.db.execute(sql`insert into prepared_things (name) values ('Prepared A'), ('Prepared B')`);
  });
  afterAll(() => database.close());

  it("builds a query once for a database and runs it with each call's values", async () => {
    const before = built;
    const a = await byName(database.db).execute({ name: "Prepared A" });
    const b = await byName(database.db).execute({ name: "Prepared B" });
    expect(built - before).toBe(1);
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0]!.id).not.toBe(b[0]!.id);
    expect(await byName(database.db).execute({ name: "Nowhere" })).toEqual([]);
  });

  it("builds it again for a transaction, which sees its own writes", async () => {
    const before = built;
    const rolledBack = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_things (name) values ('Prepared C')`);
      expect(await byName(tx).execute({ name: "Prepared C" })).toHaveLength(1);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/Rollback/i);
    expect(built - before).toBe(1);
    expect(await byName(database.db).execute({ name: "Prepared C" })).toEqual([]);
  });
});
