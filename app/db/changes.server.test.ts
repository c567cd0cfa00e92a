import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { type TableChanges } from "./changes.server";
import { type Database, rowsOf } from "./client.server";
import { trackReads } from "./reads.server";

let database: Database;
let changes: TableChanges;
beforeAll(async () => {
  database = await createTestDatabase();
  changes = await database.watchChanges();
});
afterAll(() => database?.close());

describe("the tables' change notices", () => {
  it("are sent by every table of the app, so a table added by a later migration must carry the trigger too", async () => {
    const tables = await rowsOf<{ name: string }>(
      database.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    expect(tables.length).toBeGreaterThan(50);
    expect([...changes.tables].sort()).toEqual(tables.map((t) => t.name).sort());
  });

  it("leave no function of the app that a page could read tables through unseen", async () => {
    // trackReads finds the tables a page read by their names in its statements: a function or a
    // view reading a table hides it. The app's functions are triggers, or the analytics' own
    // (called by triggers and the rebuild, never by a page); an extension's functions read no table.
    const functions = await rowsOf<{ name: string }>(
      database.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          order by 1`,
    );
    expect(functions.map((f) => f.name)).toEqual(["analytics_facts", "analytics_rebuild", "analytics_roll_up"]);
    const views = await rowsOf(database.db, sql`select viewname from pg_views where schemaname = 'public'`);
    expect(views).toEqual([]);
  });

  it("name the table a statement wrote, heard on the embedded database before the statement returns", async () => {
    const before = changes.stamp();
    await database.db.execute(sql`select count(*) from universities`);
    expect(changes.changedSince(["universities"], before)).toBe(false);
    await database.db.execute(sql`update universities set id = id where false`);
    expect(changes.changedSince(["universities"], before)).toBe(true);
    expect(changes.changedSince(["job_postings", "users"], before)).toBe(false);
    expect(changes.caughtUp()).toBe(true);
  });

  it("come when a transaction commits, and never for one rolled back", async () => {
    const before = changes.stamp();
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set id = id where false`);
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(changes.changedSince(["users"], before)).toBe(false);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update users set id = id where false`);
      expect(changes.changedSince(["users"], before)).toBe(false);
    });
    expect(changes.changedSince(["users"], before)).toBe(true);
  });
});

describe("trackReads", () => {
  it("names the tables of the app a piece of work read, quoted or bare, and nothing else", async () => {
    const { value, reads } = await trackReads(changes.tables, async () => {
      await database.db.execute(sql`select count(*) from "universities" u join users on users.university_id = u.id`);
      return "done";
    });
    expect(value).toBe("done");
    expect([...reads.tables].sort()).toEqual(["universities", "users"]);
    expect(reads.wrote).toBe(false);
  });

  it("says when the work wrote", async () => {
    const { reads } = await trackReads(changes.tables, () =>
      database.db.execute(sql`update universities set id = id where false`),
    );
    expect(reads.wrote).toBe(true);
    expect([...reads.tables]).toEqual(["universities"]);
  });

  it("keeps apart two pieces of work that run at once", async () => {
    const [a, b] = await Promise.all([
      trackReads(changes.tables, () => database.db.execute(sql`select 1 from job_postings limit 1`)),
      trackReads(changes.tables, () => database.db.execute(sql`select 1 from blog_posts limit 1`)),
    ]);
    expect([...a.reads.tables]).toEqual(["job_postings"]);
    expect([...b.reads.tables]).toEqual(["blog_posts"]);
  });
});
