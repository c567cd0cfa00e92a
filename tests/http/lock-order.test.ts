import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { careerFairRegistrations, careerFairs, careersAdvisers, users } from "~/db/schema";
import {
  TEST_PASSWORD,
  accountIn,
  createAdviser,
  createSession,
  createUniversity,
  createUser,
} from "../support/factories";
import { type TestServer, request, startServerWithData } from "./harness";
import { TEST_SESSION_SECRET } from "./server-template";

// PostgreSQL only (scripts/test.js leaves it out of the PGlite run, where one connection serves every
// transaction in turn): the order in which writers lock rows, which only a server running two
// transactions at once can get wrong. A writer that locks a fair's row and then an account's (a
// registration: its ticket's foreign key locks the account's row) and one that locks them the other
// way round wait for each other until PostgreSQL ends one of them with an error.

let server: TestServer;
let withDatabase: <R>(work: (db: Db) => Promise<R>) => Promise<R>;
let prepared: { fairId: number; studentId: number; cookie: string; adviserId: number; adviserCookie: string };

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("PostgreSQL only: set TEST_DATABASE_URL (npm test does)");
  const started = await startServerWithData(
    async (db) => {
      const uni = await createUniversity(db, { name: "Lockwood University" });
      const student = await createUser(db, { universityId: uni.id, ...accountIn("active") });
      const starts = new Date(Date.now() + 30 * 86_400_000);
      const [fair] = await db
        .insert(careerFairs)
        .values({
          slug: "lockwood-fair",
          universityId: uni.id,
          title: "Lockwood Fair",
          summary: "A fair of few places.",
          startsAt: starts,
          endsAt: new Date(starts.getTime() + 4 * 3_600_000),
          timeZone: "Europe/London",
          format: "in-person",
          venue: "Lockwood Hall",
          capacity: 2,
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning();
      await db.insert(careerFairRegistrations).values({
        fairId: fair!.id,
        userId: student.id,
        universityId: uni.id,
        code: "LOCK0001",
        createdAt: new Date(),
      });
      const { adviser } = await createAdviser(db, uni.id);
      const sid = async (userId: number) => `sid=${(await createSession(db, userId, TEST_SESSION_SECRET)).token}`;
      return {
        fairId: fair!.id,
        studentId: student.id,
        cookie: await sid(student.id),
        adviserId: adviser.id,
        adviserCookie: await sid(adviser.id),
      };
    },
    { SESSION_SECRET: TEST_SESSION_SECRET },
  );
  ({ server, withDatabase, prepared } = started);
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Deletes the account of `cookie` while another writer holds a row (`holds`), and once the deletion
 * waits for that row, lets the writer take its next lock (`next`) and commit. Answers the deletion's
 * status: 303 when the deletion took its locks in the writer's order; in the other order each waits
 * for the other until PostgreSQL ends one, and the deletion answers 500 or the writer's step throws.
 */
async function deleteWhileWriterHolds(
  signal: AbortSignal,
  cookie: string,
  holds: [string, unknown[]],
  next: [string, unknown[]],
): Promise<number> {
  const other = new pg.Client({ connectionString: server.env.DATABASE_URL });
  // Outside any transaction: within one, PostgreSQL shows the same pg_stat_activity throughout.
  const watcher = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await other.connect();
  await watcher.connect();
  try {
    await other.query("begin");
    await other.query(...holds);
    const deletion = request(server, {
      path: "/account/delete",
      form: { password: TEST_PASSWORD },
      cookie,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    let answered: number | undefined;
    void deletion.then((r) => (answered = r.status));
    // The deletion's transaction reaches the held row and waits for it (until the test's time is up).
    while (!signal.aborted) {
      expect(answered, "the deletion answered without waiting for the held row").toBeUndefined();
      const { rows } = await watcher.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting > 0) break;
    }
    await other.query(...next);
    await other.query("commit");
    return (await deletion).status;
  } finally {
    await other.end();
    await watcher.end();
  }
}

describe("locks taken in one order", () => {
  it("an account's deletion locks the fairs it holds tickets at before the account, as a registration does", async ({
    signal,
  }) => {
    // A registration holds the fair's row, then its ticket's foreign key takes a key-share lock on the account's.
    const status = await deleteWhileWriterHolds(
      signal,
      prepared.cookie,
      ["select id from career_fairs where id = $1 for update", [prepared.fairId]],
      ["select id from users where id = $1 for key share", [prepared.studentId]],
    );
    expect(status).toBe(303);
    const left = await withDatabase(async (db) => ({
      account: await db.select({ id: users.id }).from(users).where(eq(users.id, prepared.studentId)),
      tickets: await db
        .select({ id: careerFairRegistrations.id })
        .from(careerFairRegistrations)
        .where(eq(careerFairRegistrations.fairId, prepared.fairId)),
    }));
    expect(left).toEqual({ account: [], tickets: [] });
  });

  it("an adviser's deletion locks their adviser row before their account, as a booking does", async ({ signal }) => {
    // A booking holds the adviser's row, then its appointment's foreign key takes a key-share lock on
    // the adviser's account.
    const status = await deleteWhileWriterHolds(
      signal,
      prepared.adviserCookie,
      ["select user_id from careers_advisers where user_id = $1 for update", [prepared.adviserId]],
      ["select id from users where id = $1 for key share", [prepared.adviserId]],
    );
    expect(status).toBe(303);
    const left = await withDatabase(async (db) => ({
      account: await db.select({ id: users.id }).from(users).where(eq(users.id, prepared.adviserId)),
      adviser: await db
        .select({ id: careersAdvisers.userId })
        .from(careersAdvisers)
        .where(eq(careersAdvisers.userId, prepared.adviserId)),
    }));
    expect(left).toEqual({ account: [], adviser: [] });
  });
});
