import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobPosting, createUser } from "../../tests/support/factories";
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
    // view reading a table hides it. The app's functions are triggers, the analytics' own (called by
    // triggers and the rebuild, never by a page), or the migrations' `note_changes_of`; an
    // extension's functions read no table.
    const functions = await rowsOf<{ name: string }>(
      database.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          order by 1`,
    );
    expect(functions.map((f) => f.name)).toEqual([
      "analytics_facts",
      "analytics_rebuild",
      "analytics_roll_up",
      "note_changes_of",
    ]);
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
        await tx.execute(sql`update job_postings set id = id where false`);
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(changes.changedSince(["job_postings"], before)).toBe(false);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update job_postings set id = id where false`);
      expect(changes.changedSince(["job_postings"], before)).toBe(false);
    });
    expect(changes.changedSince(["job_postings"], before)).toBe(true);
  });
});

describe("the owners' change notices", () => {
  it("come from every table with a user_id column, and from users by its id, and from no other", async () => {
    const withOwner = await rowsOf<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.columns
          where table_schema = 'public' and column_name = 'user_id' order by 1`,
    );
    expect(withOwner.map((t) => t.name)).toContain("saved_jobs");
    expect([...changes.owned].sort()).toEqual(
      [...withOwner.map((t): [string, string] => [t.name, "user_id"]), ["users", "id"]].sort(),
    );
  });

  it("say which person's account changed", async () => {
    const [a, b] = [await createUser(database.db), await createUser(database.db)];
    const before = changes.stamp();
    await database.db.execute(sql`update users set name = 'Renamed' where id = ${a.id}`);
    expect(changes.changedSince([`users:${a.id}`], before)).toBe(true);
    expect(changes.changedSince([`users:${b.id}`], before)).toBe(false);
    expect(changes.changedSince(["users"], before)).toBe(true);
  });

  it("say whose rows changed: another person's rows are untouched, the table whole is changed", async () => {
    const [a, b] = [await createUser(database.db), await createUser(database.db)];
    const job = await createJobPosting(database.db);
    const before = changes.stamp();
    await database.db.execute(
      sql`insert into saved_jobs (user_id, job_posting_id, saved_at) values (${a.id}, ${job.id}, now())`,
    );
    expect(changes.changedSince([`saved_jobs:${a.id}`], before)).toBe(true);
    expect(changes.changedSince([`saved_jobs:${b.id}`], before)).toBe(false);
    expect(changes.changedSince(["saved_jobs"], before)).toBe(true);

    // A row given to another person changes both people's rows.
    const moved = changes.stamp();
    await database.db.execute(sql`update saved_jobs set user_id = ${b.id} where user_id = ${a.id}`);
    expect(changes.changedSince([`saved_jobs:${a.id}`], moved)).toBe(true);
    expect(changes.changedSince([`saved_jobs:${b.id}`], moved)).toBe(true);

    // A statement that changed no row says nothing.
    const none = changes.stamp();
    await database.db.execute(sql`delete from saved_jobs where user_id = ${a.id}`);
    expect(changes.changedSince(["saved_jobs"], none)).toBe(false);
  });

  it("name the table whole for the rows of many people at once, which changes every person's rows", async () => {
    const people = [];
    for (let i = 0; i < 101; i++) people.push(await createUser(database.db));
    const other = await createUser(database.db);
    const few = changes.stamp();
    await database.db.execute(sql`insert into events (kind, occurred_at, user_id)
      select 'job.viewed', now(), u.id from users u where u.id in ${people.slice(0, 100).map((p) => p.id)}`);
    expect(changes.changedSince([`events:${people[0]!.id}`], few)).toBe(true);
    expect(changes.changedSince([`events:${other.id}`], few)).toBe(false);
    const many = changes.stamp();
    await database.db.execute(sql`insert into events (kind, occurred_at, user_id)
      select 'job.viewed', now(), u.id from users u where u.id in ${people.map((p) => p.id)}`);
    expect(changes.changedSince([`events:${other.id}`], many)).toBe(true);
  });
});

describe("trackReads", () => {
  it("names one person's rows when a statement reads only theirs", async () => {
    const user = await createUser(database.db);
    const read = async (query: ReturnType<typeof sql>) =>
      [...(await trackReads(changes, () => database.db.execute(query))).reads.tables].sort();
    expect(await read(sql`select 1 from saved_jobs where saved_jobs.user_id = ${user.id}`)).toEqual([
      `saved_jobs:${user.id}`,
    ]);
    expect(
      await read(
        sql`select 1 from "job_postings" left join "saved_jobs" "s" on "s"."job_posting_id" = "job_postings"."id" and "s"."user_id" = ${user.id} where "job_postings"."id" > ${0}`,
      ),
    ).toEqual(["job_postings", `saved_jobs:${user.id}`]);
    expect(await read(sql`select "users"."name" from "users" where "users"."id" = ${user.id}`)).toEqual([
      `users:${user.id}`,
    ]);
    // Whatever order the rows come in, they are the same rows.
    expect(
      await read(
        sql`select 1 from saved_jobs where saved_jobs.user_id = ${user.id} order by (saved_jobs.saved_at is null or true) limit 5`,
      ),
    ).toEqual([`saved_jobs:${user.id}`]);
    // A column named like a table is not a read of the table; a table named with its schema is.
    expect(await read(sql`select "student_profiles"."job_alerts" from "student_profiles" where false`)).toEqual([
      "student_profiles",
    ]);
    expect(await read(sql`select 1 from public.job_alerts where false`)).toEqual(["job_alerts"]);
    // Anything that may read others' rows reads the table whole.
    for (const wide of [
      sql`select 1 from saved_jobs where saved_jobs.user_id = ${user.id} or true`,
      sql`select count(*) filter (where saved_jobs.user_id = ${user.id}) from saved_jobs`,
      sql`select saved_jobs.user_id = ${user.id} as mine from saved_jobs`,
      sql`select 1 from saved_jobs where saved_jobs.job_posting_id in (select job_posting_id from saved_jobs where saved_jobs.user_id = ${user.id})`,
      sql`select 1 from saved_jobs where saved_jobs.user_id > ${user.id}`,
      sql`select 1 from saved_jobs where saved_jobs.user_id = ${user.id} and exists (select 1 from users, saved_jobs)`,
      sql`select 1 from saved_jobs where user_id = ${user.id}`,
    ])
      expect((await read(wide)).filter((t) => t.startsWith("saved_jobs"))).toEqual(["saved_jobs"]);
  });

  it("names the tables of the app a piece of work read, quoted or bare, and nothing else", async () => {
    const { value, reads } = await trackReads(changes, async () => {
      await database.db.execute(sql`select count(*) from "universities" u join users on users.university_id = u.id`);
      return "done";
    });
    expect(value).toBe("done");
    expect([...reads.tables].sort()).toEqual(["universities", "users"]);
    expect(reads.wrote).toBe(false);
  });

  it("says when the work wrote", async () => {
    const { reads } = await trackReads(changes, () =>
      database.db.execute(sql`update universities set id = id where false`),
    );
    expect(reads.wrote).toBe(true);
    expect([...reads.tables]).toEqual(["universities"]);
  });

  it("keeps apart two pieces of work that run at once", async () => {
    const [a, b] = await Promise.all([
      trackReads(changes, () => database.db.execute(sql`select 1 from job_postings limit 1`)),
      trackReads(changes, () => database.db.execute(sql`select 1 from blog_posts limit 1`)),
    ]);
    expect([...a.reads.tables]).toEqual(["job_postings"]);
    expect([...b.reads.tables]).toEqual(["blog_posts"]);
  });
});
